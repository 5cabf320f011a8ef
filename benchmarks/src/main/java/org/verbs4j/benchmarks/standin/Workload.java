package org.verbs4j.benchmarks.standin;

/**
 * The workloads of the stand-in comparison. A message is what the figures are per: a completion for the
 * empty poll and the batch of 16, a request otherwise. {@code nativeCallsPerMessage} counts the calls into the
 * device per message, the same from C and from Java (rdma-core's inlines call one function pointer each): the
 * nanoseconds added per verb call are the nanoseconds added per message divided by it.
 */
enum Workload {

    /** {@code ibv_start_poll} on an empty queue. */
    EMPTY_POLL("empty poll", 1, 1),
    /**
     * One signaled SEND (start, send, set_sge, complete) and the poll of its completion (start_poll, next_poll,
     * which finds no other, end_poll).
     */
    SEND_POLL("post one signaled SEND, poll its completion", 1, 7),
    /**
     * A list of 64 receives, 64 SENDs in one batch with the last signaled, the 65 completions drained: per
     * message 1/64 post_recv, send and set_sge, 2/64 for start and complete, 65/64 next_poll, 2/64 for the poll.
     */
    BURST("burst of 64 SENDs (one signaled) with 64 receives", 64, 2 + (1 + 2 + 65 + 2) / 64.0),
    /** One signaled RDMA WRITE with a two-SGE list (start, rdma_write, set_sge_list, complete) and its poll (three). */
    WRITE2("RDMA WRITE with a two-SGE list, poll its completion", 1, 7),
    /** A batch of 16 completions reading 6 fields each: per completion next_poll and four readers. */
    POLL16("poll 16 completions, 6 fields each", 16, 5 + 1 / 16.0);

    final String description;
    final int messagesPerIteration;
    final double nativeCallsPerMessage;

    Workload(String description, int messagesPerIteration, double nativeCallsPerMessage) {
        this.description = description;
        this.messagesPerIteration = messagesPerIteration;
        this.nativeCallsPerMessage = nativeCallsPerMessage;
    }
}
