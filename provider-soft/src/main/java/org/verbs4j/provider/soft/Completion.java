package org.verbs4j.provider.soft;

import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * A work completion being built: the engine fills one of these (each queue pair and shared receive
 * queue owns one, reused for every completion) and a completion queue copies it into its ring.
 */
final class Completion {

    long wrId;
    WcStatus status;
    WcOpcode opcode;
    int vendorErr;
    int byteLen;
    int immOrInvalidatedRkey;
    int qpNum;
    int srcQp;
    int wcFlags;
    int sl;
    long tmTag;
    int tmPriv;
    boolean hasSourceGid;
    long sourceGidHigh;
    long sourceGidLow;
    boolean unsolicited;
    /** Whether the completion may wake a solicited-only notification (solicited receives and errors). */
    boolean solicited;
    /** The send queue whose slots this completion retires when polled, or {@code null}. */
    SendQueue sendQueue;
    /** The send queue position this completion retires up to (exclusive). */
    long sendPosition;

    /** Starts a new completion with the fields every completion has. */
    Completion start(long wrIdValue, WcStatus statusValue, WcOpcode opcodeValue, int qpNumValue) {
        wrId = wrIdValue;
        status = statusValue;
        opcode = opcodeValue;
        qpNum = qpNumValue;
        vendorErr = statusValue == WcStatus.SUCCESS ? 0 : statusValue.ordinal();
        byteLen = 0;
        immOrInvalidatedRkey = 0;
        srcQp = 0;
        wcFlags = 0;
        sl = 0;
        tmTag = 0;
        tmPriv = 0;
        hasSourceGid = false;
        sourceGidHigh = 0;
        sourceGidLow = 0;
        unsolicited = false;
        solicited = statusValue != WcStatus.SUCCESS;
        sendQueue = null;
        sendPosition = 0;
        return this;
    }
}
