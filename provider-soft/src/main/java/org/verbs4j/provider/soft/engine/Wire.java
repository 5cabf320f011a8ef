package org.verbs4j.provider.soft.engine;

import org.verbs4j.WcStatus;

/**
 * The seam under the engine: the {@link Requester} hands every request that leaves its queue pair to a
 * wire, which carries it to the responder of the destination and carries the {@link Response} back; the
 * requester then places the response in its own memory. The responder of the destination is reached only
 * through the wire. {@code InJvmWire} joins the soft devices of one JVM and answers at once; a wire that
 * carries packets (RoCE v2 over UDP) answers a request later: it returns {@link Response#PENDING}, the send
 * queue waits, and when the ACK, NAK or response arrives it fills the queue pair's {@link Response} and calls
 * {@link Requester#answer} with the fabric lock held. {@code NetworkWire} sends datagrams that leave the JVM.
 * Used with the fabric's lock held; no method allocates.
 */
public interface Wire {

    /**
     * Carries the run of plain SENDs (see {@link PlainSends}) at the head of the send queue of {@code qp}
     * in one go, if the wire has such a path.
     *
     * @return how many requests it executed and completed; 0 if it carried none (the requester then
     *     executes the head request itself)
     */
    int sendRun(QueuePairView qp);

    /**
     * Carries the request {@code wqe} of the connected queue pair {@code qp} to its destination.
     *
     * @param source the data the request sends (its SGE list, checked, or its inline data)
     * @param response where the responder's answer to an RDMA READ or an atomic operation, and an RNR NAK's
     *     timer, are put (now, or before {@link Requester#answer} when the answer comes later)
     * @return the {@link Response} code of the answer, or {@link Response#PENDING} if it comes later
     */
    int request(QueuePairView qp, SendWqe wqe, Sges source, long length, Response response);

    /**
     * Carries the datagram {@code wqe} of the UD queue pair {@code qp} to the queue pair or multicast group
     * it addresses; what no queue pair takes is lost, as on any wire.
     *
     * @return the sender's status: SUCCESS, or LOC_LEN_ERR for a datagram longer than the path MTU
     */
    WcStatus datagram(QueuePairView qp, SendWqe wqe, Sges source, long length);

    /**
     * Carries an RDMA READ that the device of {@code qp} issues itself (the payload of a tag-matching
     * rendezvous) to the queue pair at the other end of its connection, whose memory the read response comes
     * from; the device places it.
     *
     * @param response where the data of the read response goes ({@link Response#readData})
     * @return whether the peer granted the read (a refusal does not move the peer to the error state); answered
     *     at once, for a peer in the JVM (over the RoCE v2 wire a rendezvous arrives packet by packet, and the
     *     wire reads it itself, with a READ request the peer answers later)
     */
    boolean read(QueuePairView qp, int rkey, long address, long length, Response response);

    /**
     * Carries a SEND that the device of {@code qp} issues itself (the FIN of a tag-matching rendezvous) to
     * the receive queue of the queue pair at the other end of its connection.
     *
     * @param message the message, in the device's own memory; copied before the method returns (no answer is
     *     awaited)
     */
    void deviceSend(QueuePairView qp, Sges message, long length);
}
