package org.verbs4j.provider.soft.engine;

import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.MwBindInfo;

/**
 * The operands of the send operations a message stream does not use (atomics, flush, memory window binds,
 * XRC): kept apart from their {@link SendWqe}, made when a slot first needs them, so that a slot of a stream
 * of SENDs and RDMA WRITEs is smaller. The builder of each operation writes every operand its operation reads.
 */
public final class SendOperands {

    public long compareAdd;
    public long swap;
    public long flushLength;
    public FlushType flushType;
    public FlushLevel flushLevel;
    public int remoteSrqn;
    public MemoryWindowView window;
    public int windowRkey;
    public MwBindInfo bindInfo;
}
