package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import org.verbs4j.Errno;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SrqOperation;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;

/**
 * Posts tag-matching operation lists of one SRQ ({@code ibv_post_srq_ops} through
 * {@code verbs_context.post_srq_ops}): copies them into native {@code ibv_ops_wr} and {@code ibv_sge} arrays
 * owned by the SRQ's arena, reused by every call and grown only when a longer list comes, with every
 * offset computed once. {@code bad_op} is pre-set to the first operation, since libibverbs' stub for drivers
 * without tag matching returns EOPNOTSUPP without setting it. The function is called through a
 * {@code static final} critical handle that takes the function pointer as its first argument, which the JIT
 * inlines (as {@link ReceivePoster} does). Not thread-safe: the SRQ synchronises.
 */
final class SrqOpsPoster {

    private static final String VERB = "ibv_post_srq_ops";
    /**
     * {@code int (*)(struct ibv_srq *srq, struct ibv_ops_wr *op, struct ibv_ops_wr **bad_op)}; the three
     * pointers are passed as addresses: the arrays belong to the SRQ, which is open.
     */
    private static final MethodHandle CALL_POST_OPS = FunctionPointers.criticalInvoker(
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));

    /** The driver reached through the critical downcall. */
    private static final Call NATIVE = (function, srq, wrs, badOp) ->
            (int) CALL_POST_OPS.invokeExact(function, srq, wrs, badOp);

    private final Call call;
    private final Arena arena;
    private final StructLayout wrLayout;
    private final StructLayout sgeLayout;
    /** {@code verbs_context.post_srq_ops}, or {@code null} if libibverbs has none. */
    private final MemorySegment post;
    private final MemorySegment badOp;
    private final long wrSize;
    private final long sgeSize;
    private final long nextOffset;
    private final long opcodeOffset;
    private final long flagsOffset;
    private final long unexpectedCntOffset;
    private final long handleOffset;
    private final long recvWrIdOffset;
    private final long sgListOffset;
    private final long numSgeOffset;
    private final long tagOffset;
    private final long maskOffset;
    private final long sgeLengthOffset;
    private final long sgeLkeyOffset;
    private MemorySegment wrs = MemorySegment.NULL;
    private MemorySegment sges = MemorySegment.NULL;

    /**
     * @param abi the layouts
     * @param arena the SRQ's arena
     * @param function {@code verbs_context.post_srq_ops}, or NULL if libibverbs has none
     */
    SrqOpsPoster(Abi abi, Arena arena, MemorySegment function) {
        this(abi, arena, function, NATIVE);
    }

    /** @param call how a post reaches the driver (tests give a stand-in that plays the driver's part) */
    SrqOpsPoster(Abi abi, Arena arena, MemorySegment function, Call call) {
        this.call = call;
        this.arena = arena;
        this.wrLayout = abi.ibvOpsWr;
        this.sgeLayout = abi.ibvSge;
        this.post = function.equals(MemorySegment.NULL) ? null : function;
        this.badOp = arena.allocate(ADDRESS);
        this.wrSize = wrLayout.byteSize();
        this.sgeSize = sgeLayout.byteSize();
        this.nextOffset = Abi.offset(wrLayout, "next");
        this.opcodeOffset = Abi.offset(wrLayout, "opcode");
        this.flagsOffset = Abi.offset(wrLayout, "flags");
        this.unexpectedCntOffset = Abi.offset(wrLayout, "tm", "unexpected_cnt");
        this.handleOffset = Abi.offset(wrLayout, "tm", "handle");
        this.recvWrIdOffset = Abi.offset(wrLayout, "tm", "add", "recv_wr_id");
        this.sgListOffset = Abi.offset(wrLayout, "tm", "add", "sg_list");
        this.numSgeOffset = Abi.offset(wrLayout, "tm", "add", "num_sge");
        this.tagOffset = Abi.offset(wrLayout, "tm", "add", "tag");
        this.maskOffset = Abi.offset(wrLayout, "tm", "add", "mask");
        this.sgeLengthOffset = Abi.offset(sgeLayout, "length");
        this.sgeLkeyOffset = Abi.offset(sgeLayout, "lkey");
    }

    /**
     * Posts the list; a TAG_ADD gets the handle C wrote back.
     *
     * @param srq the C {@code struct ibv_srq *}
     * @param first the first operation
     * @throws VerbsException for a failed operation, with it as {@link VerbsException#failedRequest()}
     */
    void post(MemorySegment srq, SrqOperation first) {
        if (post == null) {
            throw VerbsException.of(VERB, Errno.EOPNOTSUPP.code(), "libibverbs has no post_srq_ops", first);
        }
        fill(first);
        badOp.set(JAVA_LONG, 0, wrs.address());
        int rc;
        try {
            rc = call.post(post, srq.address(), wrs.address(), badOp.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        readHandles(first);
        if (rc != 0) {
            throw VerbsException.of(VERB, rc, null, failed(first));
        }
    }

    private void fill(SrqOperation first) {
        int count = 0;
        int sgeCount = 0;
        for (SrqOperation op = first; op != null; op = op.next()) {
            count++;
            sgeCount += op.sgList().size();
        }
        if (wrs.byteSize() < count * wrSize) {
            wrs = arena.allocate(wrLayout, Math.max(count, 4));
        }
        if (sges.byteSize() < sgeCount * sgeSize) {
            sges = arena.allocate(sgeLayout, Math.max(sgeCount, 4));
        }
        int index = 0;
        int sgeIndex = 0;
        for (SrqOperation op = first; op != null; op = op.next(), index++) {
            long at = index * wrSize;
            writeOne(at, op, op.next() == null ? 0 : wrs.address() + at + wrSize, sgeIndex);
            sgeIndex += op.sgList().size();
        }
    }

    private void writeOne(long at, SrqOperation op, long next, int firstSge) {
        ScatterGatherList list = op.sgList();
        wrs.set(JAVA_LONG, at, op.wrId());
        wrs.set(JAVA_LONG, at + nextOffset, next);
        wrs.set(JAVA_INT, at + opcodeOffset, (int) op.opcode().value());
        wrs.set(JAVA_INT, at + flagsOffset, op.flags());
        wrs.set(JAVA_INT, at + unexpectedCntOffset, op.unexpectedCnt());
        wrs.set(JAVA_INT, at + handleOffset, op.handle());
        wrs.set(JAVA_LONG, at + recvWrIdOffset, op.recvWrId());
        wrs.set(JAVA_LONG, at + sgListOffset, list.size() == 0 ? 0 : sges.address() + firstSge * sgeSize);
        wrs.set(JAVA_INT, at + numSgeOffset, list.size());
        wrs.set(JAVA_LONG, at + tagOffset, op.tag());
        wrs.set(JAVA_LONG, at + maskOffset, op.mask());
        for (int i = 0; i < list.size(); i++) {
            long s = (firstSge + i) * sgeSize;
            sges.set(JAVA_LONG, s, list.address(i));
            sges.set(JAVA_INT, s + sgeLengthOffset, list.length(i));
            sges.set(JAVA_INT, s + sgeLkeyOffset, list.lkey(i));
        }
    }

    /** Copies {@code tm.handle}, the output of TAG_ADD, back into the operations. */
    private void readHandles(SrqOperation first) {
        int index = 0;
        for (SrqOperation op = first; op != null; op = op.next(), index++) {
            op.handle(wrs.get(JAVA_INT, index * wrSize + handleOffset));
        }
    }

    /** How a post reaches the driver's {@code post_srq_ops}. */
    @FunctionalInterface
    interface Call {
        /**
         * @param function the driver's function
         * @param srq the C {@code struct ibv_srq *}
         * @param wrs the first {@code struct ibv_ops_wr} of the list
         * @param badOp where the driver stores the operation that failed
         * @return the driver's return code
         * @throws Throwable as a method handle's invocation may
         */
        int post(MemorySegment function, long srq, long wrs, long badOp) throws Throwable;
    }

    private SrqOperation failed(SrqOperation first) {
        long bad = badOp.get(JAVA_LONG, 0);
        if (bad == 0) {
            return null;
        }
        long index = (bad - wrs.address()) / wrSize;
        SrqOperation op = first;
        for (long i = 0; i < index && op != null; i++) {
            op = op.next();
        }
        return op;
    }
}
