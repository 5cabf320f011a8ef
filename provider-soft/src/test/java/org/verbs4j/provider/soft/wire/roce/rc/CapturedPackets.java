package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.verbs4j.provider.soft.wire.roce.AckType;
import org.verbs4j.provider.soft.wire.roce.Aeth;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.RoceV2;

/**
 * A packet sink that keeps a copy of every packet, ICRC room included (zeros), and leaves the buffer's limit at the
 * packet's end as a {@link org.verbs4j.provider.soft.wire.roce.RoceEndpoint} does. Test code.
 */
final class CapturedPackets implements PacketSink {

    final List<ByteBuffer> packets = new ArrayList<>();

    @Override
    public void send(ByteBuffer packet, int length) {
        ByteBuffer copy = ByteBuffer.allocate(length + RoceV2.ICRC_BYTES);
        copy.put(0, packet, 0, length);
        packets.add(copy);
        packet.limit(length + RoceV2.ICRC_BYTES).position(0);
    }

    int size() {
        return packets.size();
    }

    ByteBuffer get(int i) {
        return packets.get(i);
    }

    ByteBuffer last() {
        return packets.getLast();
    }

    Opcode opcode(int i) {
        return Opcode.of(Bth.opcode(get(i), 0));
    }

    List<Opcode> opcodes() {
        return packets.stream().map(p -> Opcode.of(Bth.opcode(p, 0))).toList();
    }

    List<Integer> psns() {
        return packets.stream().map(p -> Bth.psn(p, 0)).toList();
    }

    int psn(int i) {
        return Bth.psn(get(i), 0);
    }

    int payloadLength(int i) {
        return get(i).capacity() - opcode(i).headerBytes() - Bth.pad(get(i), 0) - RoceV2.ICRC_BYTES;
    }

    AckType ackType(int i) {
        return AckType.of(Aeth.syndrome(get(i), RoceV2.BTH_BYTES));
    }

    int aethValue(int i) {
        return Aeth.value(Aeth.syndrome(get(i), RoceV2.BTH_BYTES));
    }

    void clear() {
        packets.clear();
    }

    /** Hands packet {@code i} to a machine's handler as the wire would: the whole packet with its ICRC. */
    void deliver(int i, ConnectedQueuePair to, long now) {
        ByteBuffer packet = get(i);
        to.onPacket(packet, packet.capacity(), now);
    }
}
