package org.verbs4j.tck;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AsyncEvent;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwType;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.VerbsObject;
import org.verbs4j.XrcDomain;

/**
 * The verbs objects one interleaving of the stress shares between its threads, on a context of its own: a
 * completion channel, two completion queues that use it, a protection domain, a registered region, two RC
 * queue pairs connected to each other (each with one of the queues), and, where the device has them, a shared
 * receive queue, an address handle, a type 1 memory window, an XRC domain and a parent domain.
 */
final class StressWorld {

    static final int CQE = 256;
    static final int MESSAGE = 8;

    final Context context;
    final Arena arena = Arena.ofShared();
    final CompletionChannel channel;
    final CompletionQueue cqA;
    final CompletionQueue cqB;
    final ProtectionDomain pd;
    final MemoryRegion mr;
    final QueuePair qpA;
    final QueuePair qpB;
    final SharedReceiveQueue srq;
    final AddressHandle ah;
    final MemoryWindow mw;
    final XrcDomain xrcd;
    final ProtectionDomain parentDomain;
    /** Every object, children before parents: the order of the teardown. */
    final List<VerbsObject> objects = new ArrayList<>();

    StressWorld(Context context, Loopback loopback) {
        this.context = context;
        channel = context.createCompletionChannel();
        cqA = context.createCompletionQueue(CqInitAttributes.builder(CQE).channel(channel).build());
        cqB = context.createCompletionQueue(CqInitAttributes.builder(CQE).channel(channel).build());
        pd = context.allocateProtectionDomain();
        Set<AccessFlag> access = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ);
        mr = pd.registerMemory(arena.allocate(MESSAGE * 4L, 64), access);
        qpA = context.createQueuePair(loopback.connectedAttributes(QpType.RC, pd, cqA).build());
        qpB = context.createQueuePair(loopback.connectedAttributes(QpType.RC, pd, cqB).build());
        loopback.toRts(qpA, qpB.qpNum());
        loopback.toRts(qpB, qpA.qpNum());
        srq = optional(() -> context.createSharedReceiveQueue(SrqInitAttributes.basic(pd, 128, 1)));
        ah = optional(() -> pd.createAddressHandle(loopback.ownAddress()));
        mw = optional(() -> pd.allocateMemoryWindow(MwType.TYPE_1));
        xrcd = optional(context::openXrcDomain);
        parentDomain = optional(() -> context.allocateParentDomain(pd));
        for (VerbsObject object : new VerbsObject[] {qpA, qpB, srq, ah, mw, mr, cqA, cqB, channel, parentDomain, pd,
                xrcd, context}) {
            if (object != null) {
                objects.add(object);
            }
        }
    }

    private static <T> T optional(Supplier<T> creation) {
        try {
            return creation.get();
        } catch (UnsupportedVerbException unsupported) {
            return null;
        }
    }

    /** @return the completion queue of {@code qp} (both of its queues use it) */
    CompletionQueue cqOf(QueuePair qp) {
        return qp == qpA ? cqA : cqB;
    }

    /**
     * Closes what the interleaving left open, children first, after acknowledging the events it left.
     *
     * @return the failures, each described; a close of an object that is closed already is none
     */
    List<String> tearDown() {
        List<String> failures = new ArrayList<>();
        acknowledgeEverything();
        for (VerbsObject object : objects) {
            try {
                if (!object.isClosed()) {
                    object.close();
                }
            } catch (ClosedObjectException closedMeanwhile) {
                // closed by the interleaving after isClosed() was read: nothing to do
            } catch (VerbsException | IllegalStateException failure) {
                failures.add("tearing down " + object + " failed: " + failure);
            }
        }
        arena.close();
        return failures;
    }

    private void acknowledgeEverything() {
        for (CompletionQueue cq : List.of(cqA, cqB)) {
            if (!cq.isClosed() && cq.unacknowledgedEvents() > 0) {
                cq.ackEvents(cq.unacknowledgedEvents());
            }
        }
        if (context.isClosed()) {
            return;
        }
        AsyncEvent event;
        while ((event = context.getAsyncEvent(java.time.Duration.ZERO)) != null) {
            context.ackAsyncEvent(event);
        }
    }
}
