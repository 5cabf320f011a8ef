package org.verbs4j.provider.soft.engine;

import org.verbs4j.SendFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * A work completion as the engine builds it: the one a completion queue lends between
 * {@code SoftCompletionQueue.reserve} and {@code SoftCompletionQueue.publish}, or one built apart and pushed; the
 * queue packs it into an entry of its {@link CompletionRing}.
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

    /**
     * Starts a new completion with the fields every completion has, and resets the others, except those
     * read only under a flag that is reset ({@link #sourceGidHigh} and {@link #sourceGidLow} under
     * {@link #hasSourceGid}, {@link #sendPosition} under {@link #sendQueue}). A reference is stored only when
     * it changes: completions of a stream mostly keep their status and opcode, and an unchanged reference needs
     * no garbage collector barrier.
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
        solicited = solicitedBy(sendFlags);
        return this;
    }

    /** @return whether a receive completion of a request with the send flags {@code sendFlags} is solicited */
    static boolean solicitedBy(int sendFlags) {
        return (sendFlags & SOLICITED) != 0;
    }
}
