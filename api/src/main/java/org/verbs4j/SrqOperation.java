package org.verbs4j;

import java.util.Set;

/**
 * A tag-matching list operation (C {@code struct ibv_ops_wr}) for {@link SharedReceiveQueue#postOps}.
 * Operations are mutable, meant to be reused, and link into a list through {@link #next(SrqOperation)}.
 *
 * <ul>
 *   <li>{@link SrqOpcode#TAG_ADD}: adds a tagged buffer ({@link #sgList()}) that matches incoming
 *       messages whose {@code tag & mask == tag}; the provider writes the entry's {@link #handle()}.</li>
 *   <li>{@link SrqOpcode#TAG_DEL}: removes the entry {@link #handle()}; fails with
 *       {@link WcStatus#TM_ERR} in its completion if the entry was consumed concurrently.</li>
 *   <li>{@link SrqOpcode#TAG_SYNC}: only reports {@link #unexpectedCnt()}.</li>
 * </ul>
 * With {@link OpsFlag#SIGNALED} the operation completes on the queue's completion queue with
 * {@link #wrId()}; with {@link OpsFlag#TM_SYNC} it reports {@link #unexpectedCnt()}, the number of
 * unexpected messages software has handled (phase synchronisation).
 */
public final class SrqOperation {

    private long wrId;
    private SrqOperation next;
    private SrqOpcode opcode = SrqOpcode.TAG_ADD;
    private int flags;
    private int unexpectedCnt;
    private int handle;
    private long recvWrId;
    private final ScatterGatherList sgList;
    private long tag;
    private long mask;

    /**
     * @param maxSge the most scatter/gather entries of the tagged buffer of a TAG_ADD
     */
    public SrqOperation(int maxSge) {
        this.sgList = new ScatterGatherList(maxSge);
    }

    /** @return the work request id of the operation's completion */
    public long wrId() {
        return wrId;
    }

    /**
     * @param value the work request id
     * @return this
     */
    public SrqOperation wrId(long value) {
        this.wrId = value;
        return this;
    }

    /** @return the next operation, or {@code null} */
    public SrqOperation next() {
        return next;
    }

    /**
     * @param value the next operation, or {@code null}
     * @return this
     */
    public SrqOperation next(SrqOperation value) {
        this.next = value;
        return this;
    }

    /** @return the opcode */
    public SrqOpcode opcode() {
        return opcode;
    }

    /**
     * @param value the opcode
     * @return this
     */
    public SrqOperation opcode(SrqOpcode value) {
        this.opcode = value;
        return this;
    }

    /** @return the {@link OpsFlag} bits */
    public int flags() {
        return flags;
    }

    /**
     * @param value the {@link OpsFlag} bits
     * @return this
     */
    public SrqOperation flags(int value) {
        this.flags = value;
        return this;
    }

    /**
     * @param flags the flags, for example {@code EnumSet.of(OpsFlag.SIGNALED)}; empty clears them
     * @return this
     * @throws InvalidArgumentException if {@code flags} is null or holds null
     */
    public SrqOperation flags(Set<OpsFlag> flags) {
        return flags((int) Flags.toBits("ibv_ops_wr.flags", flags));
    }

    /** @return the number of unexpected messages handled by software (C {@code tm.unexpected_cnt}) */
    public int unexpectedCnt() {
        return unexpectedCnt;
    }

    /**
     * @param value the number of unexpected messages handled by software
     * @return this
     */
    public SrqOperation unexpectedCnt(int value) {
        this.unexpectedCnt = value;
        return this;
    }

    /** @return the entry handle: written by TAG_ADD, read by TAG_DEL (C {@code tm.handle}) */
    public int handle() {
        return handle;
    }

    /**
     * @param value the entry handle
     * @return this
     */
    public SrqOperation handle(int value) {
        this.handle = value;
        return this;
    }

    /** @return the work request id of the tagged buffer's receive completion (C {@code tm.add.recv_wr_id}) */
    public long recvWrId() {
        return recvWrId;
    }

    /**
     * @param value the work request id of the receive completion
     * @return this
     */
    public SrqOperation recvWrId(long value) {
        this.recvWrId = value;
        return this;
    }

    /** @return the tagged buffer of a TAG_ADD (C {@code tm.add.sg_list}, {@code num_sge}) */
    public ScatterGatherList sgList() {
        return sgList;
    }

    /** @return the tag (C {@code tm.add.tag}) */
    public long tag() {
        return tag;
    }

    /**
     * @param value the tag
     * @return this
     */
    public SrqOperation tag(long value) {
        this.tag = value;
        return this;
    }

    /** @return the mask: a message matches if its {@code tag & mask == tag} (C {@code tm.add.mask}) */
    public long mask() {
        return mask;
    }

    /**
     * @param value the mask
     * @return this
     */
    public SrqOperation mask(long value) {
        this.mask = value;
        return this;
    }
}
