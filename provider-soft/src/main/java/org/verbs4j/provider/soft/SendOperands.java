package org.verbs4j.provider.soft;

import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.MwBindInfo;

/**
 * The operands of the send operations a message stream does not use (atomics, flush, memory window binds,
 * XRC): kept apart from their {@link SendWqe}, made when a slot first needs them, so that a slot of a stream
 * of SENDs and RDMA WRITEs is smaller. The builder of each operation writes every operand its operation reads.
 */
final class SendOperands {

    long compareAdd;
    long swap;
    long flushLength;
    FlushType flushType;
    FlushLevel flushLevel;
    int remoteSrqn;
    SoftMemoryWindow window;
    int windowRkey;
    MwBindInfo bindInfo;
}
