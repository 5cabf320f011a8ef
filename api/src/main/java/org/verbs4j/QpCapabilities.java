package org.verbs4j;

/**
 * The queue sizes of a queue pair (C {@code struct ibv_qp_cap}): requested at creation, and the
 * actual values, at least the requested ones, afterwards ({@link QueuePair#capabilities()}).
 *
 * @param maxSendWr the most outstanding send requests
 * @param maxRecvWr the most outstanding receive requests (ignored with a shared receive queue)
 * @param maxSendSge the most scatter/gather entries of a send request
 * @param maxRecvSge the most scatter/gather entries of a receive request (ignored with a shared receive queue)
 * @param maxInlineData the most inline data of a send request, in bytes
 */
public record QpCapabilities(int maxSendWr, int maxRecvWr, int maxSendSge, int maxRecvSge, int maxInlineData) {

    /**
     * Starts queue sizes by name, for example
     * {@code QpCapabilities.builder().maxSendWr(64).maxRecvWr(64).build()}.
     *
     * @return a builder with no requests, one scatter/gather entry per request and no inline data
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link QpCapabilities} by name; unset sizes keep the values {@link #builder()} states. */
    public static final class Builder {

        private int maxSendWr;
        private int maxRecvWr;
        private int maxSendSge = 1;
        private int maxRecvSge = 1;
        private int maxInlineData;

        private Builder() {
        }

        /**
         * @param value the most outstanding send requests
         * @return this
         */
        public Builder maxSendWr(int value) {
            maxSendWr = value;
            return this;
        }

        /**
         * @param value the most outstanding receive requests
         * @return this
         */
        public Builder maxRecvWr(int value) {
            maxRecvWr = value;
            return this;
        }

        /**
         * @param value the most scatter/gather entries of a send request
         * @return this
         */
        public Builder maxSendSge(int value) {
            maxSendSge = value;
            return this;
        }

        /**
         * @param value the most scatter/gather entries of a receive request
         * @return this
         */
        public Builder maxRecvSge(int value) {
            maxRecvSge = value;
            return this;
        }

        /**
         * @param value the most inline data of a send request, in bytes
         * @return this
         */
        public Builder maxInlineData(int value) {
            maxInlineData = value;
            return this;
        }

        /** @return the queue sizes */
        public QpCapabilities build() {
            return new QpCapabilities(maxSendWr, maxRecvWr, maxSendSge, maxRecvSge, maxInlineData);
        }
    }
}
