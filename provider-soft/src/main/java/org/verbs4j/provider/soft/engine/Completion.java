package org.verbs4j.provider.soft.engine;

import org.verbs4j.SendFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * A work completion: an entry of a completion queue's ring, which the engine fills in place (see
 * {@code SoftCompletionQueue.reserve}), or one the engine builds apart and the queue copies into an entry.
 */
public final class Completion {

    private static final int SOLICITED = (int) SendFlag.SOLICITED.value();

    public long wrId;
    public WcStatus status;
    public WcOpcode opcode;
    public int vendorErr;
    public int byteLen;
    public int immOrInvalidatedRkey;
    public int qpNum;
    public int srcQp;
    public int wcFlags;
    public int sl;
    public long tmTag;
    public int tmPriv;
    public boolean hasSourceGid;
    public long sourceGidHigh;
    public long sourceGidLow;
    public boolean unsolicited;
    /** Whether the completion may wake a solicited-only notification (solicited receives and errors). */
    public boolean solicited;
    /** The send queue whose slots this completion retires when polled, or {@code null}. */
    public SendQueue sendQueue;
    /** The send queue position this completion retires up to (exclusive). */
    public long sendPosition;
    /** The device clock when the completion was queued (in a ring entry), or 0. */
    public long timestamp;

    /**
     * Starts a new completion with the fields every completion has, and resets the others, except those
     * read only under a flag that is reset ({@link #sourceGidHigh} and {@link #sourceGidLow} under
     * {@link #hasSourceGid}, {@link #sendPosition} under {@link #sendQueue}) and {@link #timestamp}, which
     * publishing writes. A reference is stored only when it changes: entries of a stream mostly keep their
     * status and opcode (and {@link #sendQueue} stays null on a receive queue), and an unchanged reference
     * needs no garbage collector barrier.
     */
    public Completion start(long wrIdValue, WcStatus statusValue, WcOpcode opcodeValue, int qpNumValue) {
        wrId = wrIdValue;
        if (status != statusValue) {
            status = statusValue;
        }
        if (opcode != opcodeValue) {
            opcode = opcodeValue;
        }
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
        unsolicited = false;
        solicited = statusValue != WcStatus.SUCCESS;
        if (sendQueue != null) {
            sendQueue = null;
        }
        return this;
    }

    /**
     * Sets the fields a receive completion takes from the sender and its request.
     *
     * @param length the bytes received
     * @param sourceQp the sender's queue pair number
     * @param serviceLevel the service level of the sender's path
     * @param sendFlags the flags of the send request (its SOLICITED flag)
     * @return this completion
     */
    public Completion fromSender(long length, int sourceQp, int serviceLevel, int sendFlags) {
        byteLen = (int) length;
        srcQp = sourceQp;
        sl = serviceLevel;
        solicited = (sendFlags & SOLICITED) != 0;
        return this;
    }

    /** Copies every field of {@code other} into this completion. */
    public void copyFrom(Completion other) {
        wrId = other.wrId;
        status = other.status;
        opcode = other.opcode;
        vendorErr = other.vendorErr;
        byteLen = other.byteLen;
        immOrInvalidatedRkey = other.immOrInvalidatedRkey;
        qpNum = other.qpNum;
        srcQp = other.srcQp;
        wcFlags = other.wcFlags;
        sl = other.sl;
        tmTag = other.tmTag;
        tmPriv = other.tmPriv;
        hasSourceGid = other.hasSourceGid;
        sourceGidHigh = other.sourceGidHigh;
        sourceGidLow = other.sourceGidLow;
        unsolicited = other.unsolicited;
        solicited = other.solicited;
        sendQueue = other.sendQueue;
        sendPosition = other.sendPosition;
        timestamp = other.timestamp;
    }
}
