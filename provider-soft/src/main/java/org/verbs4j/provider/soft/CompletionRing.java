package org.verbs4j.provider.soft;

import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/** The entries of a completion queue, stored field by field in preallocated arrays. */
final class CompletionRing {

    final int capacity;
    final long[] wrId;
    final WcStatus[] status;
    final WcOpcode[] opcode;
    final int[] vendorErr;
    final int[] byteLen;
    final int[] imm;
    final int[] qpNum;
    final int[] srcQp;
    final int[] wcFlags;
    final int[] sl;
    final long[] timestamp;
    final long[] tmTag;
    final int[] tmPriv;
    final boolean[] hasSourceGid;
    final long[] sourceGidHigh;
    final long[] sourceGidLow;
    final boolean[] unsolicited;
    final SendQueue[] sendQueue;
    final long[] sendPosition;

    CompletionRing(int capacity) {
        this.capacity = capacity;
        wrId = new long[capacity];
        status = new WcStatus[capacity];
        opcode = new WcOpcode[capacity];
        vendorErr = new int[capacity];
        byteLen = new int[capacity];
        imm = new int[capacity];
        qpNum = new int[capacity];
        srcQp = new int[capacity];
        wcFlags = new int[capacity];
        sl = new int[capacity];
        timestamp = new long[capacity];
        tmTag = new long[capacity];
        tmPriv = new int[capacity];
        hasSourceGid = new boolean[capacity];
        sourceGidHigh = new long[capacity];
        sourceGidLow = new long[capacity];
        unsolicited = new boolean[capacity];
        sendQueue = new SendQueue[capacity];
        sendPosition = new long[capacity];
    }

    int slot(long position) {
        return (int) Long.remainderUnsigned(position, capacity);
    }

    void write(long position, Completion c, long ticks) {
        int s = slot(position);
        wrId[s] = c.wrId;
        status[s] = c.status;
        opcode[s] = c.opcode;
        vendorErr[s] = c.vendorErr;
        byteLen[s] = c.byteLen;
        imm[s] = c.immOrInvalidatedRkey;
        qpNum[s] = c.qpNum;
        srcQp[s] = c.srcQp;
        wcFlags[s] = c.wcFlags;
        sl[s] = c.sl;
        timestamp[s] = ticks;
        tmTag[s] = c.tmTag;
        tmPriv[s] = c.tmPriv;
        hasSourceGid[s] = c.hasSourceGid;
        sourceGidHigh[s] = c.sourceGidHigh;
        sourceGidLow[s] = c.sourceGidLow;
        unsolicited[s] = c.unsolicited;
        sendQueue[s] = c.sendQueue;
        sendPosition[s] = c.sendPosition;
    }

    /**
     * Copies the entry at {@code position} of another ring to the same position of this one.
     *
     * @param position the absolute position of the entry
     * @param from the ring holding it
     */
    void copy(long position, CompletionRing from) {
        int s = slot(position);
        int f = from.slot(position);
        wrId[s] = from.wrId[f];
        status[s] = from.status[f];
        opcode[s] = from.opcode[f];
        vendorErr[s] = from.vendorErr[f];
        byteLen[s] = from.byteLen[f];
        imm[s] = from.imm[f];
        qpNum[s] = from.qpNum[f];
        srcQp[s] = from.srcQp[f];
        wcFlags[s] = from.wcFlags[f];
        sl[s] = from.sl[f];
        timestamp[s] = from.timestamp[f];
        tmTag[s] = from.tmTag[f];
        tmPriv[s] = from.tmPriv[f];
        hasSourceGid[s] = from.hasSourceGid[f];
        sourceGidHigh[s] = from.sourceGidHigh[f];
        sourceGidLow[s] = from.sourceGidLow[f];
        unsolicited[s] = from.unsolicited[f];
        sendQueue[s] = from.sendQueue[f];
        sendPosition[s] = from.sendPosition[f];
    }
}
