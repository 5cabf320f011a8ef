package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.verbs4j.TmhOpcode;
import org.verbs4j.WcStatus;

/**
 * A message that reaches a tag-matching SRQ packet by packet (over the RoCE v2 wire), from its first packet to
 * the end of its rendezvous: what the {@link TagMatcher} decided for it (an unexpected or untagged message in an
 * SRQ buffer, an EAGER message in a tagged buffer, or a RNDV message whose data the device reads), where its
 * bytes go and what its completions report. Reused, never allocated per message.
 */
public final class TaggedMessage {

    /** The length of a FIN: the TMH and the RVH of the rendezvous. */
    public static final int FIN_BYTES = TagMatcher.TMH_BYTES + TagMatcher.RVH_BYTES;
    static final int UNEXPECTED = 0;
    static final int NO_TAG = 1;
    static final int EAGER = 2;
    static final int RENDEZVOUS = 3;

    final Sges target = new Sges(WorkLimits.MAX_SGE);
    final MemorySegment header = DeviceMemory.buffer(FIN_BYTES);
    private final Sges headerView = new Sges(1);
    int kind;
    WcStatus status = WcStatus.SUCCESS;
    long wrId;
    long tag;
    int appContext;
    int sourceQp;
    long readAddress;
    int readKey;
    long readLength;

    /**
     * @param bytes how many bytes of the header to show, at most the TMH and RVH (32)
     * @return the list over the start of the message: the wire copies the first bytes of the message into it,
     *     and a FIN is sent from it
     */
    public Sges header(long bytes) {
        headerView.setResolved(header, Math.min(bytes, FIN_BYTES));
        return headerView;
    }

    /** @return how many bytes at the start of the message are not placed: the TMH of an EAGER message */
    public long skipped() {
        return kind == EAGER ? TagMatcher.TMH_BYTES : 0;
    }

    /** @return whether the message's bytes (after {@link #skipped()}) are placed in {@link #target()} */
    public boolean places() {
        return kind != RENDEZVOUS && status == WcStatus.SUCCESS;
    }

    /** @return where the message's bytes, or the rendezvous read's data, go */
    public Sges target() {
        return target;
    }

    /** The message does not fit its buffer: its completion reports LOC_LEN_ERR, and nothing more is placed. */
    public void overflows() {
        status = WcStatus.LOC_LEN_ERR;
    }

    /** The responder refused the message after it was taken: its completion reports {@code failure}. */
    public void fails(WcStatus failure) {
        if (status == WcStatus.SUCCESS) {
            status = failure;
        }
    }

    /** @return the sender's buffer a rendezvous reads (the RVH's va) */
    public long readAddress() {
        return readAddress;
    }

    /** @return the R_Key of the sender's buffer (the RVH's rkey) */
    public int readKey() {
        return readKey;
    }

    /** @return the length a rendezvous reads (the RVH's len) */
    public long readLength() {
        return readLength;
    }

    /** @return the FIN that ends a rendezvous: its TMH, with opcode FIN, and its RVH ({@link #FIN_BYTES} bytes) */
    public Sges fin() {
        header.set(ValueLayout.JAVA_BYTE, 0, (byte) TmhOpcode.FIN.value());
        return header(FIN_BYTES);
    }

    /** Takes over the state of {@code other}: a rendezvous keeps it while its read is on the wire. */
    public void copyOf(TaggedMessage other) {
        copyList(other.target, target);
        MemorySegment.copy(other.header, 0, header, 0, header.byteSize());
        kind = other.kind;
        status = other.status;
        wrId = other.wrId;
        tag = other.tag;
        appContext = other.appContext;
        sourceQp = other.sourceQp;
        readAddress = other.readAddress;
        readKey = other.readKey;
        readLength = other.readLength;
    }

    /** Copies the entries of {@code from}, and the memory its check recorded, to {@code to}. */
    static void copyList(Sges from, Sges to) {
        to.clear();
        for (int i = 0; i < from.count; i++) {
            to.add(from.address(i), from.length(i), from.lkey(i));
            to.memory(i, from.memory(i), from.memoryAddress(i) - from.address(i));
        }
    }
}
