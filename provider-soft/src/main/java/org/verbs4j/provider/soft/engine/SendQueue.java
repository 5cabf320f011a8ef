package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The send queue of a queue pair: a ring of slots addressed by ever-growing positions.
 * Requests up to {@link #posted} were posted, up to {@link #executed} were executed; a slot is free again
 * once a completion at or after it was polled ({@link #retire}), as on hardware, so unsignaled requests
 * occupy the queue until a later signaled one is polled.
 *
 * <p>Two positions free slots, each written by one party only, so neither needs an atomic update: the
 * poller of the send completion queue (one batch owner at a time, in completion order, so its position
 * only grows) and a transition to RESET (under the fabric lock), which drops every posted request.
 *
 * <p>A slot holds its request in one of two forms. A SEND is first built <em>packed</em>: four words of one
 * {@code long[]} for the whole queue (the {@code wr_id}; the send flags and the form's bits; the address, and
 * the length and key, of its one SGE), so that a stream of SENDs writes and reads one array in order, 32 bytes
 * per request, and touches no object. Every other request, and a SEND that needs more than that (inline data,
 * an SGE list, a UD address, an XRC SRQ number), is a {@link SendWqe} object; {@link #slot} turns a packed
 * request into that form when someone asks for the object.
 */
public final class SendQueue {

    private static final VarHandle POLLED = FieldHandles.of(MethodHandles.lookup(), "polled", long.class);
    private static final VarHandle DISCARDED = FieldHandles.of(MethodHandles.lookup(), "discarded", long.class);
    private static final int WORDS = 4;
    private static final int HEADER = 1;
    private static final int ADDRESS = 2;
    private static final int LENGTH_AND_KEY = 3;
    /** The header's bit of a request in packed form; the send flags are the header's upper half. */
    private static final long PACKED = 1;
    /** The header's bit of a packed request whose SGE was set. */
    private static final long HAS_SGE = 2;

    /** The object form of the slots, each made when it is first needed. */
    private final SendWqe[] slots;
    /**
     * The packed form of the slots, {@link #WORDS} words each, made at the first packed request: a queue that
     * never packs one (a stream of RDMA WRITEs, say) reads and writes only its objects. Made by the poster, read
     * by the requester after the fabric lock published it.
     */
    private long[] packed;
    /**
     * One bit per slot, set by the poster when it packs the slot's request and cleared when it builds one in
     * object form: one word for 64 slots, so that a slot in object form is told apart without touching
     * {@link #packed}. Only the poster writes it; whether a slot with its bit set is still packed is the
     * header's {@link #PACKED} bit, which turning the request into an object clears.
     */
    private final long[] packedSlots;
    /** The native buffer of the slots' inline data, {@link #inlineStride} bytes each. */
    private final MemorySegment inline;
    private final int inlineStride;
    private final int maxSge;
    /**
     * The inline data of the request being executed, as a one-entry list: one per queue, not per slot, and
     * not one for the whole engine, because executing a request may execute other queues' requests (a
     * responder that fails wakes the requesters waiting on it) but never this queue's again.
     */
    private final Sges inlineView = new Sges(1);
    private final int mask;
    private final int capacity;
    private volatile long polled;
    private volatile long discarded;
    /** The poster's bound: the positions below it are known to be free (see {@link #hasRoom}). */
    private long freeUntil;
    public long posted;
    public long executed;

    public SendQueue(int capacity, int maxSge, int maxInline) {
        this.capacity = capacity;
        slots = new SendWqe[RingSlots.lengthFor(capacity)];
        mask = slots.length - 1;
        packedSlots = new long[(slots.length + Long.SIZE - 1) / Long.SIZE];
        this.maxSge = maxSge;
        inlineStride = (maxInline + Long.BYTES - 1) & -Long.BYTES;
        inline = DeviceMemory.buffer((long) inlineStride * slots.length);
    }

    public int capacity() {
        return capacity;
    }

    /**
     * @return the request of {@code position} as an object, turned into that form if it was packed; a slot's
     *     object is made when it is first needed, once. Only the poster reaches a new position, and the
     *     requester reads posted slots only, which the fabric lock taken by {@code ibv_wr_complete} publishes.
     */
    public SendWqe slot(long position) {
        int index = (int) position & mask;
        SendWqe wqe = slots[index];
        if (wqe == null) {
            wqe = newSlot(index);
        }
        if (isPacked(index)) {
            unpack(WORDS * index, wqe);
        }
        return wqe;
    }

    /**
     * @return the object of the free slot of {@code position}, where the poster builds a request that is not
     *     packed (whatever was packed there before is dropped)
     */
    public SendWqe fresh(long position) {
        int index = (int) position & mask;
        packedSlots[index >>> 6] &= ~(1L << index);
        SendWqe wqe = slots[index];
        return wqe != null ? wqe : newSlot(index);
    }

    private void unpack(int at, SendWqe wqe) {
        long header = packed[at + HEADER];
        wqe.clear(SendOpcode.SEND, packed[at], (int) (header >>> Integer.SIZE));
        if ((header & HAS_SGE) != 0) {
            long lengthAndKey = packed[at + LENGTH_AND_KEY];
            wqe.sges.setSingle(packed[at + ADDRESS], (int) lengthAndKey, (int) (lengthAndKey >>> Integer.SIZE));
            wqe.hasData = true;
        }
        packed[at + HEADER] = 0;
    }

    private boolean isPacked(int index) {
        return (packedSlots[index >>> 6] & 1L << index) != 0 && (packed[WORDS * index + HEADER] & PACKED) != 0;
    }

    private int at(long position) {
        return WORDS * ((int) position & mask);
    }

    /** Starts a packed SEND at {@code position}, a free slot; called by the poster. */
    public void pack(long position, long wrId, int sendFlags) {
        if (packed == null) {
            packed = new long[WORDS * slots.length];
        }
        int index = (int) position & mask;
        packedSlots[index >>> 6] |= 1L << index;
        int at = WORDS * index;
        packed[at] = wrId;
        packed[at + HEADER] = PACKED | (long) sendFlags << Integer.SIZE;
    }

    /** Sets the one SGE of the packed SEND at {@code position}, which has none yet; called by the poster. */
    public void packSge(long position, long address, int length, int lkey) {
        int at = at(position);
        packed[at + ADDRESS] = address;
        packed[at + LENGTH_AND_KEY] = Sges.packed(length, lkey);
        packed[at + HEADER] |= HAS_SGE;
    }

    /** @return whether the request at {@code position} is a packed SEND with its SGE: a plain SEND */
    boolean isPlain(long position) {
        return isPacked((int) position & mask) && (packed[at(position) + HEADER] & HAS_SGE) != 0;
    }

    /** @return whether the request at {@code position}, packed, has its SGE */
    public boolean hasPackedSge(long position) {
        return (packed[at(position) + HEADER] & HAS_SGE) != 0;
    }

    /** @return the {@code wr_id} of the packed request at {@code position} */
    long packedWrId(long position) {
        return packed[at(position)];
    }

    /** @return the send flags of the packed request at {@code position} */
    int packedFlags(long position) {
        return (int) (packed[at(position) + HEADER] >>> Integer.SIZE);
    }

    /** @return {@code view}, showing the SGE of the plain SEND at {@code position} */
    Sges plainSge(long position, Sges view) {
        view.load(packed, at(position) + ADDRESS, 1);
        return view;
    }

    private SendWqe newSlot(int index) {
        SendWqe wqe = new SendWqe(maxSge, inline, index * inlineStride);
        slots[index] = wqe;
        return wqe;
    }

    /** @return the data {@code wqe}, a slot of this queue, sends: its inline data or its SGE list */
    public Sges source(SendWqe wqe) {
        return wqe.source(inlineView);
    }

    /**
     * Called by the poster only. The positions that free slots only grow, so a bound read once stays valid
     * until the poster reaches it; only then are they read again.
     *
     * @return whether {@code position} may be written by a new request
     */
    public boolean hasRoom(long position) {
        if (position < freeUntil) {
            return true;
        }
        freeUntil = Math.max(polled, discarded) + capacity;
        return position < freeUntil;
    }

    /** Frees the slots before {@code position}; called by the poller of the send completion queue. */
    public void retire(long position) {
        POLLED.setRelease(this, position);
    }

    public boolean hasPending() {
        return executed < posted;
    }

    /** Drops every request without completion (transition to RESET); fabric lock held. */
    public void discard() {
        executed = posted;
        DISCARDED.setRelease(this, posted);
    }
}
