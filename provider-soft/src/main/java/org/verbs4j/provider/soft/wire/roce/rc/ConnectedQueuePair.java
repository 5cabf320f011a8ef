package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Opcode;

/**
 * The two machines of one RC, UC or XRC queue pair: the packets that arrive for it go to the {@link Requester} if they
 * are responses (acknowledgements, READ responses), to the {@link Responder} if they are requests.
 *
 * @param requester the sending half
 * @param responder the receiving half
 */
public record ConnectedQueuePair(Requester requester, Responder responder) {

    /**
     * Hands a packet addressed to this queue pair to the machine it concerns. The two may then run on different
     * threads; each needs its calls serialized.
     *
     * @param packet the packet, BTH at index 0
     * @param length its length, ICRC included
     * @param now the time, in nanoseconds
     */
    public void onPacket(ByteBuffer packet, int length, long now) {
        Opcode opcode = Opcode.of(Bth.opcode(packet, 0));
        if (opcode != null && opcode.isResponse()) {
            requester.onResponse(packet, length, now);
        } else {
            responder.onRequest(packet, length);
        }
    }
}
