package org.verbs4j.tools.connect;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;

/**
 * What one side of a test owns on a device, created in the order of the C tools' {@code pp_init_ctx}:
 * a protection domain, a page-aligned buffer registered as one memory region, a completion channel in
 * event mode, one completion queue for sends and receives, an optional shared receive queue, and the
 * queue pairs (in RESET). {@link #close()} destroys them in the reverse order; the caller acknowledges
 * the completion events it read before.
 */
public final class QpResources implements AutoCloseable {

    private final Arena arena = Arena.ofShared();
    private final List<QueuePair> queuePairs = new ArrayList<>();
    private final ProtectionDomain pd;
    private final MemoryRegion mr;
    private final CompletionChannel channel;
    private final CompletionQueue cq;
    private final SharedReceiveQueue srq;
    private final QpInitAttributes initAttributes;

    private QpResources(Builder spec) {
        pd = spec.context.allocateProtectionDomain();
        mr = pd.registerMemory(arena.allocate(spec.bufferBytes, 4096), spec.access);
        channel = spec.events ? spec.context.createCompletionChannel() : null;
        cq = spec.context.createCompletionQueue(CqInitAttributes.builder(spec.cqDepth).channel(channel)
                .wcFlags(spec.completionFields).build());
        srq = spec.srqDepth > 0
                ? spec.context.createSharedReceiveQueue(SrqInitAttributes.basic(pd, spec.srqDepth, 1)) : null;
        initAttributes = initAttributes(spec);
        for (int i = 0; i < spec.queuePairs; i++) {
            queuePairs.add(spec.context.createQueuePair(initAttributes));
        }
    }

    private QpInitAttributes initAttributes(Builder spec) {
        QpCapabilities cap = new QpCapabilities(spec.sendDepth, srq == null ? spec.receiveDepth : 0, 1, 1,
                spec.maxInline);
        QpInitAttributes.Builder init = QpInitAttributes.builder(spec.type, pd, cq, cap).sendOpsFlags(spec.sendOps);
        return (srq == null ? init : init.srq(srq)).build();
    }

    /**
     * @param context the opened device
     * @param type the queue pairs' transport
     * @return a builder of the resources, by default one queue pair of depth 1, a 4 KiB buffer with
     *     local write access, and SEND as the only send operation
     */
    public static Builder builder(Context context, QpType type) {
        return new Builder(context, type);
    }

    /** @return the protection domain */
    public ProtectionDomain pd() {
        return pd;
    }

    /** @return the registered buffer */
    public MemoryRegion mr() {
        return mr;
    }

    /** @return the buffer's memory */
    public MemorySegment buffer() {
        return mr.segment();
    }

    /** @return the completion channel, or {@code null} when polling */
    public CompletionChannel channel() {
        return channel;
    }

    /** @return the completion queue of sends and receives */
    public CompletionQueue cq() {
        return cq;
    }

    /** @return the shared receive queue, or {@code null} without one */
    public SharedReceiveQueue srq() {
        return srq;
    }

    /** @return the queue pairs, in creation order */
    public List<QueuePair> queuePairs() {
        return List.copyOf(queuePairs);
    }

    /**
     * @return the attributes the queue pairs are created with, for one created elsewhere on these resources
     *     (for example on a connection manager's identifier)
     */
    public QpInitAttributes initAttributes() {
        return initAttributes;
    }

    /** @return the first queue pair */
    public QueuePair qp() {
        return queuePairs.getFirst();
    }

    @Override
    public void close() {
        queuePairs.forEach(QueuePair::close);
        if (srq != null) {
            srq.close();
        }
        cq.close();
        if (channel != null) {
            channel.close();
        }
        mr.close();
        pd.close();
        arena.close();
    }

    /** The sizes and options of {@link QpResources}. */
    public static final class Builder {

        private final Context context;
        private final QpType type;
        private long bufferBytes = 4096;
        private Set<AccessFlag> access = EnumSet.of(AccessFlag.LOCAL_WRITE);
        private Set<SendOpsFlag> sendOps = EnumSet.of(SendOpsFlag.SEND);
        private int sendDepth = 1;
        private int receiveDepth = 1;
        private int cqDepth = 2;
        private int maxInline;
        private int srqDepth;
        private int queuePairs = 1;
        private boolean events;
        private Set<CompletionField> completionFields = CompletionField.STANDARD;

        private Builder(Context context, QpType type) {
            this.context = context;
            this.type = type;
        }

        /**
         * @param bytes the buffer's size
         * @param value its access flags
         * @return this builder
         */
        public Builder buffer(long bytes, Set<AccessFlag> value) {
            bufferBytes = Math.max(bytes, 1);
            access = value;
            return this;
        }

        /**
         * @param send the send queue depth
         * @param receive the receive queue depth (ignored with a shared receive queue)
         * @param completions the completion queue depth
         * @return this builder
         */
        public Builder depths(int send, int receive, int completions) {
            sendDepth = send;
            receiveDepth = receive;
            cqDepth = completions;
            return this;
        }

        /**
         * @param value the send operations the queue pairs post ({@code send_ops_flags})
         * @return this builder
         */
        public Builder sendOps(Set<SendOpsFlag> value) {
            sendOps = value;
            return this;
        }

        /**
         * @param bytes the inline data the queue pairs should accept
         * @return this builder
         */
        public Builder maxInline(int bytes) {
            maxInline = bytes;
            return this;
        }

        /**
         * @param depth the depth of a shared receive queue for all queue pairs
         * @param count how many queue pairs
         * @return this builder
         */
        public Builder sharedReceiveQueue(int depth, int count) {
            srqDepth = depth;
            queuePairs = count;
            return this;
        }

        /**
         * @param count how many queue pairs to create (default 1); 0 when they are created elsewhere with
         *     {@link QpResources#initAttributes()}
         * @return this builder
         */
        public Builder queuePairs(int count) {
            queuePairs = count;
            return this;
        }

        /**
         * @param value whether to sleep on completion events (a completion channel) instead of polling
         * @return this builder
         */
        public Builder events(boolean value) {
            events = value;
            return this;
        }

        /**
         * @param value the fields the completion queue's poller reads (default {@link CompletionField#STANDARD})
         * @return this builder
         */
        public Builder completionFields(Set<CompletionField> value) {
            completionFields = value;
            return this;
        }

        /** @return the resources, created on the device */
        public QpResources open() {
            return new QpResources(this);
        }
    }
}
