package org.verbs4j.provider.soft;

import java.nio.ByteBuffer;
import java.util.Random;
import org.verbs4j.provider.soft.wire.roce.RoceV2;
import org.verbs4j.provider.soft.wire.roce.rc.PacketSink;

/**
 * Test code: a packet path that drops, duplicates and reorders (holds a packet back until the next one has
 * left) from a seeded random source, around the real one. Called with the fabric lock held.
 */
final class LossySink implements PacketSink {

    private final PacketSink inner;
    private final Random random;
    private final double drop;
    private final double duplicate;
    private final double reorder;
    private ByteBuffer held;
    private int heldLength;
    long dropped;
    long duplicated;
    long reordered;

    LossySink(PacketSink inner, long seed, double drop, double duplicate, double reorder) {
        this.inner = inner;
        this.random = new Random(seed);
        this.drop = drop;
        this.duplicate = duplicate;
        this.reorder = reorder;
    }

    @Override
    public void send(ByteBuffer packet, int length) {
        double roll = random.nextDouble();
        if (roll < drop) {
            dropped++;
            return;
        }
        if (roll < drop + reorder && held == null) {
            held = copy(packet, length);
            heldLength = length;
            reordered++;
            return;
        }
        ByteBuffer copy = copy(packet, length);
        inner.send(copy, length);
        if (roll < drop + reorder + duplicate) {
            duplicated++;
            inner.send(copy(packet, length), length);
        }
        if (held != null) {
            ByteBuffer late = held;
            held = null;
            inner.send(late, heldLength);
        }
    }

    private static ByteBuffer copy(ByteBuffer packet, int length) {
        ByteBuffer copy = ByteBuffer.allocateDirect(length + RoceV2.ICRC_BYTES);
        for (int i = 0; i < length; i++) {
            copy.put(i, packet.get(i));
        }
        return copy;
    }
}
