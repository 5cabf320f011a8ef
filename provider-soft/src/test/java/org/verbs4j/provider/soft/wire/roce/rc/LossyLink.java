package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.verbs4j.provider.soft.wire.roce.RoceV2;

/**
 * Two queue pairs joined by an in-memory wire that drops, duplicates and reorders packets from a seeded random
 * source, with a virtual clock that jumps to the next timer when nothing is in flight. Test code.
 */
final class LossyLink {

    /** A packet in flight to one side. */
    private record InFlight(boolean toB, byte[] bytes) {
    }

    private final Random random;
    private final double drop;
    private final double duplicate;
    private final int reorderWindow;
    private final List<InFlight> inFlight = new ArrayList<>();
    private long cutAfter = Long.MAX_VALUE;
    long delivered;
    long sent;
    long now = 1_000_000;
    ConnectedQueuePair a;
    ConnectedQueuePair b;

    LossyLink(long seed, double drop, double duplicate, int reorderWindow) {
        this.random = new Random(seed);
        this.drop = drop;
        this.duplicate = duplicate;
        this.reorderWindow = Math.max(1, reorderWindow);
    }

    /** From now on, after {@code packets} more packets are delivered, the wire drops everything: the peer vanishes. */
    void cutAfter(long packets) {
        cutAfter = delivered + packets;
    }

    PacketSink sinkTo(boolean toB) {
        return (packet, length) -> {
            sent++;
            byte[] bytes = new byte[length + RoceV2.ICRC_BYTES];
            packet.get(0, bytes, 0, length);
            packet.limit(length + RoceV2.ICRC_BYTES).position(0);
            if (random.nextDouble() < drop) {
                return;
            }
            inFlight.add(new InFlight(toB, bytes));
            if (random.nextDouble() < duplicate) {
                inFlight.add(new InFlight(toB, Arrays.copyOf(bytes, bytes.length)));
            }
        };
    }

    /** Delivers packets and fires timers until nothing is in flight and no timer is set, or the step budget ends. */
    boolean run(long maxSteps) {
        for (long step = 0; step < maxSteps; step++) {
            if (!inFlight.isEmpty()) {
                deliverOne();
            } else if (!fireTimers()) {
                return true;
            }
        }
        return false;
    }

    private void deliverOne() {
        InFlight packet = inFlight.remove(random.nextInt(Math.min(reorderWindow, inFlight.size())));
        now += 1_000;
        if (delivered++ >= cutAfter) {
            return;
        }
        ConnectedQueuePair to = packet.toB() ? b : a;
        to.onPacket(ByteBuffer.wrap(packet.bytes()), packet.bytes().length, now);
    }

    private boolean fireTimers() {
        long deadline = Math.min(a.requester().deadline(), b.requester().deadline());
        if (deadline == Long.MAX_VALUE) {
            return false;
        }
        now = Math.max(now, deadline);
        a.requester().onTimer(now);
        b.requester().onTimer(now);
        return true;
    }
}
