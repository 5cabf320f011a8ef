package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOps;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;

/**
 * The EFA view of an SRD queue pair, from {@code qp.unwrap(EfaQueuePair.class)}: its options, its send ops
 * (the legacy post for a driver queue pair) and the processing hints of the work request being built.
 */
public final class EfaQueuePair {

    private static final String HINTS = "efadv_wr_set_processing_hints";
    private static final MethodHandle CALL_PTR_U32 =
            FunctionPointers.criticalInvoker(FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT));

    private final QueuePair queuePair;
    private final SrdOptions options;
    private final MemorySegment setProcessingHints;
    private final long self;
    private final SendOps postSendOps;

    EfaQueuePair(QueuePair queuePair, SrdOptions options, MemorySegment setProcessingHints, long self,
            SendOps postSendOps) {
        this.queuePair = queuePair;
        this.options = options;
        this.setProcessingHints = setProcessingHints;
        this.self = self;
        this.postSendOps = postSendOps;
    }

    /**
     * The send ops of the queue pair. One made by {@link EfaContext#createDriverQueuePair} has no
     * {@code ibv_qp_ex}: its requests are {@code struct ibv_send_wr} chains posted by the legacy
     * {@code ibv_post_send} at {@code complete()} (EFA takes SEND and SEND_WITH_IMM there; libefa refuses the rest
     * with its errno). Any other SRD queue pair answers with {@link QueuePair#sendOps()}.
     *
     * @return the send ops; the same object on every call
     * @throws org.verbs4j.UnsupportedVerbException for an SRD queue pair created without send-ops flags
     */
    public SendOps sendOps() {
        return postSendOps != null ? postSendOps : queuePair.sendOps();
    }

    /** @return the options it was created with */
    public SrdOptions options() {
        return options;
    }

    /**
     * Sets the processing hints of the work request being built, between {@code sendOps().start()} and
     * {@code complete()} ({@code efadv_wr_set_processing_hints}, through {@code efadv_qp}'s pointer; rdma-core 64
     * and later). Allocates nothing.
     *
     * @param hints the hints
     * @throws InvalidArgumentException if the queue pair was not created with {@link SrdOptions#processingHints()}
     */
    public void setProcessingHints(int hints) {
        if (setProcessingHints == null) {
            throw new InvalidArgumentException(HINTS, "the queue pair was created without processing hints"
                    + " (SrdOptions.processingHints, EFADV_WR_EX_WITH_PROCESSING_HINTS)");
        }
        if (queuePair.isClosed()) {
            throw new ClosedObjectException(HINTS, "the queue pair is closed");
        }
        try {
            CALL_PTR_U32.invokeExact(setProcessingHints, self, hints);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
