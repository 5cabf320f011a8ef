package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.Set;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.efa.raw.Efadv;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.Native;

/**
 * Whether an EFA device's completion queues take a completion channel. libefa refuses a channel with
 * EOPNOTSUPP unless the kernel announced CQ notifications, which it keeps to itself (no {@code efadv}
 * attribute reports them): so a one-entry queue with a channel is created and destroyed when a context opens.
 */
final class CqNotificationProbe {

    private CqNotificationProbe() {
    }

    /**
     * @param efadv the library
     * @param context the {@code struct ibv_context *}
     * @return whether a completion queue with a completion channel was created
     */
    static boolean supported(Efadv efadv, MemorySegment context) {
        Ibverbs ib = Ibverbs.get();
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment channel = Native.checkPointer(
                    (MemorySegment) ib.createCompChannel.invokeExact(errno, context), errno, "ibv_create_comp_channel");
            try {
                return createdWith(efadv, context, channel, call);
            } finally {
                Native.destroy(ib.destroyCompChannel, channel, "ibv_destroy_comp_channel");
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static boolean createdWith(Efadv efadv, MemorySegment context, MemorySegment channel, Arena call) {
        MemorySegment cq;
        try {
            cq = efadv.createCq(context, initAttr(channel, call), EfaCqRequest.write(call, Set.of(), efadv.libefa()),
                    call);
        } catch (UnsupportedVerbException refused) {
            return false;
        }
        Native.destroy(Ibverbs.get().destroyCq, cq, "ibv_destroy_cq");
        return true;
    }

    /** {@code struct ibv_cq_init_attr_ex} with one entry, the channel and vector 0, nothing else. */
    private static MemorySegment initAttr(MemorySegment channel, Arena call) {
        StructLayout layout = Ibverbs.get().abi().ibvCqInitAttrEx;
        MemorySegment attr = call.allocate(layout);
        attr.set(JAVA_INT, Abi.offset(layout, "cqe"), 1);
        attr.set(ADDRESS, Abi.offset(layout, "channel"), channel);
        return attr;
    }
}
