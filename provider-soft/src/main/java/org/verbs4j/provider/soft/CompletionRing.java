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
}
