package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import org.verbs4j.provider.soft.wire.roce.Aeth;
import org.verbs4j.provider.soft.wire.roce.AtomicAckEth;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.RoceV2;

/**
 * Builds and sends a responder's packets: ACKs and NAKs, RDMA READ responses (empty for FLUSH and ATOMIC WRITE),
 * atomic acknowledgements.
 */
final class ResponseBuilder {

    /** The low bits of the READ response opcodes, by message part (IBTA Table 38). */
    private static final int[] READ_RESPONSES = {0x0D, 0x0E, 0x0F, 0x10};
    private static final int ACKNOWLEDGE = 0x11;
    private static final int ATOMIC_ACKNOWLEDGE = 0x12;

    private final ResponderConfig config;
    private final PacketSink sink;
    private final ResponderTarget target;
    private final ByteBuffer packet;

    ResponseBuilder(ResponderConfig config, PacketSink sink, ResponderTarget target) {
        this.config = config;
        this.sink = sink;
        this.target = target;
        this.packet = ByteBuffer.allocateDirect(config.pathMtu() + 64);
    }

    void acknowledge(int syndrome, int psn, int msn) {
        Opcode opcode = opcode(ACKNOWLEDGE);
        header(opcode, 0, psn);
        Aeth.put(packet, RoceV2.BTH_BYTES, syndrome, msn);
        sink.send(packet, opcode.headerBytes());
    }

    void atomic(ResponderResource resource, int msn) {
        Opcode opcode = opcode(ATOMIC_ACKNOWLEDGE);
        header(opcode, 0, resource.firstPsn);
        Aeth.put(packet, RoceV2.BTH_BYTES, Aeth.ack(Aeth.UNLIMITED_CREDITS), msn);
        AtomicAckEth.put(packet, opcode.offsetOf(ExtensionHeader.ATOMIC_ACK_ETH), resource.original);
        sink.send(packet, opcode.headerBytes());
    }

    /** Answers a FLUSH or an ATOMIC WRITE at {@code psn}: an RDMA READ response, ONLY, without payload (rxe). */
    void empty(int psn, int msn) {
        Opcode opcode = Opcode.RC_RDMA_READ_RESPONSE_ONLY;
        header(opcode, 0, psn);
        Aeth.put(packet, RoceV2.BTH_BYTES, Aeth.ack(Aeth.UNLIMITED_CREDITS), msn);
        sink.send(packet, opcode.headerBytes());
    }

    /** Sends a READ's response from {@code fromPsn} to its last PSN; the first packet sent is a FIRST or ONLY. */
    void read(ResponderResource resource, int fromPsn, int msn) {
        int mtu = config.pathMtu();
        int start = Psn.diff(fromPsn, resource.firstPsn);
        int end = Psn.diff(resource.lastPsn, resource.firstPsn);
        for (int index = start; index <= end; index++) {
            long offset = (long) index * mtu;
            int payload = (int) Math.min(mtu, resource.length - offset);
            Opcode opcode = opcode(READ_RESPONSES[RequestBuilder.partOf(index - start, end - start + 1).ordinal()]);
            header(opcode, Bth.padFor(payload), Psn.add(resource.firstPsn, index));
            if (opcode.carries(ExtensionHeader.AETH)) {
                Aeth.put(packet, RoceV2.BTH_BYTES, Aeth.ack(Aeth.UNLIMITED_CREDITS), msn);
            }
            int at = opcode.headerBytes();
            target.read(resource.address + offset, resource.rKey, packet, at, payload);
            sink.send(packet, pad(at + payload));
        }
    }

    /** The response opcode of the responder's transport: RC's, or XRC's. */
    private Opcode opcode(int low) {
        return Opcode.of(config.transport().opcodeBase() | low);
    }

    private void header(Opcode opcode, int pad, int psn) {
        packet.clear(); // the sink may have moved the limit (a RoceEndpoint does)
        Bth.put(packet, 0, opcode, 0, pad, config.pKey(), config.destQp(), psn);
    }

    private int pad(int end) {
        int padded = end;
        while ((padded & 3) != 0) {
            packet.put(padded++, (byte) 0);
        }
        return padded;
    }

}
