package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;

/**
 * One slot of a send queue: a posted send work request, reused for every request of the slot. The fields
 * after {@link #flags} belong to some operations only (see {@link #clear}); those of atomics, flush, binds and
 * XRC are in {@link #operands}.
 */
public final class SendWqe {

    public SendOpcode opcode;
    public long wrId;
    public int flags;
    public int immData;
    public int invalidateRkey;
    public int rkey;
    public long remoteAddress;
    public AddressHandleView ah;
    public int remoteQpn;
    public int remoteQkey;
    public boolean hasXrcSrqn;
    /** The operands of atomics, flush, binds and XRC, or {@code null} before the slot's first such request. */
    public SendOperands operands;
    public final Sges sges;
    /** The native buffer that holds the slot's inline data, shared by the slots of a queue. */
    public final MemorySegment inlineBuffer;
    /** Where the slot's {@code max_inline_data} bytes of inline data start in {@link #inlineBuffer}. */
    public final int inlineOffset;
    public int inlineLength;
    public boolean isInline;
    public boolean hasData;
    public boolean hasUdAddress;
    int rnrAttempts;

    /**
     * @param inlineBuffer the native buffer that holds the slot's inline data
     * @param inlineOffset where the slot's {@code max_inline_data} bytes start in it
     */
    public SendWqe(int maxSge, MemorySegment inlineBuffer, int inlineOffset) {
        sges = new Sges(maxSge);
        this.inlineBuffer = inlineBuffer;
        this.inlineOffset = inlineOffset;
    }

    /**
     * Starts a new request in the slot. Only what tells the request's state apart is reset: the builder of
     * each operation writes every field its operation reads (immediate data, keys, addresses, operands, the
     * window and bind information), and the fields of a UD address, of an XRC SRQ number and of inline data
     * are read only when {@link #hasUdAddress}, {@link #hasXrcSrqn} and {@link #isInline} say that they were
     * set; the references such fields keep are replaced by the next request that sets them.
     */
    public void clear(SendOpcode newOpcode, long newWrId, int newFlags) {
        if (opcode != newOpcode) {
            opcode = newOpcode; // only when it changes: an unchanged reference needs no garbage collector barrier
        }
        wrId = newWrId;
        flags = newFlags;
        sges.clear();
        isInline = false;
        hasData = false;
        hasUdAddress = false;
        hasXrcSrqn = false;
        rnrAttempts = 0;
    }

    /**
     * @param inlineView a one-entry list to show the inline data through, for the copy routines
     * @return the data to send: the inline copy (in {@code inlineView}) or the SGE list
     */
    Sges source(Sges inlineView) {
        if (isInline) {
            inlineView.setResolved(inlineBuffer, inlineBuffer.address() + inlineOffset, inlineLength);
            return inlineView;
        }
        return sges;
    }

    /** @return the slot's operands of the rarer operations, made at its first such request (by the builder) */
    public SendOperands operands() {
        if (operands == null) {
            operands = new SendOperands();
        }
        return operands;
    }

    public long length() {
        return isInline ? inlineLength : sges.totalLength();
    }
}
