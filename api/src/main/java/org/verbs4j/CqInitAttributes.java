package org.verbs4j;

import java.util.EnumSet;
import java.util.Set;

/**
 * The requested attributes of an extended completion queue (C {@code struct ibv_cq_init_attr_ex},
 * plus the {@code wc_flags} of C {@code struct efadv_cq_init_attr} as {@link #extraFields()}).
 *
 * <p>The C {@code comp_mask} is derived: {@link CqInitAttrMask#FLAGS} when {@link #flags()} is not
 * empty, {@link CqInitAttrMask#PD} when {@link #parentDomain()} is set ({@link #compMask()}).
 *
 * @param cqe the minimum number of entries
 * @param cqContext the consumer-supplied context returned with completion events, or {@code null}
 * @param channel the completion channel for events, or {@code null} if events are not used
 * @param compVector the completion vector, from 0 to {@link Context#numCompVectors()} - 1
 * @param wcFlags the completion fields the poller will read
 * @param extraFields the extra (EFA-style) completion fields the poller will read
 * @param flags the creation flags
 * @param parentDomain the parent domain the queue uses, or {@code null}
 */
public record CqInitAttributes(int cqe, Object cqContext, CompletionChannel channel, int compVector,
                               Set<CompletionField> wcFlags, Set<ExtraCompletionField> extraFields,
                               Set<CqCreateFlag> flags, ProtectionDomain parentDomain) {

    /** Copies the sets. */
    public CqInitAttributes {
        wcFlags = Set.copyOf(wcFlags);
        extraFields = Set.copyOf(extraFields);
        flags = Set.copyOf(flags);
    }

    /**
     * @param cqe the minimum number of entries
     * @return a builder with no context, no channel, vector 0, the {@link CompletionField#STANDARD} fields,
     *     no extra fields, no flags and no parent domain
     */
    public static Builder builder(int cqe) {
        return new Builder(cqe);
    }

    /** @return the C {@code comp_mask} these attributes imply */
    public Set<CqInitAttrMask> compMask() {
        EnumSet<CqInitAttrMask> mask = EnumSet.noneOf(CqInitAttrMask.class);
        if (!flags.isEmpty()) {
            mask.add(CqInitAttrMask.FLAGS);
        }
        if (parentDomain != null) {
            mask.add(CqInitAttrMask.PD);
        }
        return mask;
    }

    /** A builder of {@link CqInitAttributes}. */
    public static final class Builder {
        private final int cqe;
        private Object cqContext;
        private CompletionChannel channel;
        private int compVector;
        private Set<CompletionField> wcFlags = CompletionField.STANDARD;
        private Set<ExtraCompletionField> extraFields = Set.of();
        private Set<CqCreateFlag> flags = Set.of();
        private ProtectionDomain parentDomain;

        private Builder(int cqe) {
            this.cqe = cqe;
        }

        /**
         * @param value the consumer context
         * @return this builder
         */
        public Builder cqContext(Object value) {
            this.cqContext = value;
            return this;
        }

        /**
         * @param value the completion channel
         * @return this builder
         */
        public Builder channel(CompletionChannel value) {
            this.channel = value;
            return this;
        }

        /**
         * @param value the completion vector
         * @return this builder
         */
        public Builder compVector(int value) {
            this.compVector = value;
            return this;
        }

        /**
         * @param value the completion fields
         * @return this builder
         */
        public Builder wcFlags(Set<CompletionField> value) {
            this.wcFlags = value;
            return this;
        }

        /**
         * @param value the extra completion fields
         * @return this builder
         */
        public Builder extraFields(Set<ExtraCompletionField> value) {
            this.extraFields = value;
            return this;
        }

        /**
         * @param value the creation flags
         * @return this builder
         */
        public Builder flags(Set<CqCreateFlag> value) {
            this.flags = value;
            return this;
        }

        /**
         * @param value the parent domain
         * @return this builder
         */
        public Builder parentDomain(ProtectionDomain value) {
            this.parentDomain = value;
            return this;
        }

        /** @return the attributes */
        public CqInitAttributes build() {
            return new CqInitAttributes(cqe, cqContext, channel, compVector, wcFlags, extraFields, flags,
                    parentDomain);
        }
    }
}
