package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.Set;
import org.verbs4j.AdviseMrAdvice;
import org.verbs4j.AdviseMrFlag;
import org.verbs4j.Errno;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * C {@code ibv_advise_mr}, a static inline of {@code verbs.h} that calls {@code verbs_context.advise_mr} and
 * returns EOPNOTSUPP when the context has none; the op returns 0 or an errno value.
 */
final class MemoryAdvice {

    private static final String VERB = "ibv_advise_mr";
    /** {@code int (*advise_mr)(struct ibv_pd *, enum ibv_advise_mr_advice, uint32_t, struct ibv_sge *, uint32_t)}. */
    private static final FunctionDescriptor ADVISE_MR =
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT);

    private MemoryAdvice() {
    }

    static void advise(NativeProtectionDomain pd, AdviseMrAdvice advice, Set<AdviseMrFlag> flags,
            ScatterGatherList ranges) {
        if (advice == null || ranges == null || ranges.size() == 0) {
            throw new InvalidArgumentException(VERB, "the advice and at least one range are required");
        }
        int bits = (int) Flags.toBits(VERB, flags);
        MemorySegment function = pd.context.op(VerbsContextOp.ADVISE_MR);
        if (function.equals(MemorySegment.NULL)) {
            throw unsupported(pd, Errno.EOPNOTSUPP.code());
        }
        try (Arena call = Arena.ofConfined()) {
            int rc = (int) FunctionPointers.plain(function, ADVISE_MR).invokeExact(pd.pointer(), (int) advice.value(),
                    bits, sges(pd.context.abi.ibvSge, ranges, call), ranges.size());
            if (Native.isUnsupported(Math.abs(rc))) {
                throw unsupported(pd, Math.abs(rc));
            }
            Native.check(rc, VERB);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static MemorySegment sges(StructLayout sge, ScatterGatherList ranges, Arena call) {
        MemorySegment array = call.allocate(sge, ranges.size());
        for (int i = 0; i < ranges.size(); i++) {
            MemorySegment entry = array.asSlice(i * sge.byteSize(), sge);
            entry.set(JAVA_LONG, Abi.offset(sge, "addr"), ranges.address(i));
            entry.set(JAVA_INT, Abi.offset(sge, "length"), ranges.length(i));
            entry.set(JAVA_INT, Abi.offset(sge, "lkey"), ranges.lkey(i));
        }
        return array;
    }

    private static UnsupportedVerbException unsupported(NativeProtectionDomain pd, int errno) {
        return VerbsEvents.failed(new UnsupportedVerbException(VERB, errno, "the driver of "
                + pd.context.device().name() + " does not carry out this advice (advise_mr)", null));
    }
}
