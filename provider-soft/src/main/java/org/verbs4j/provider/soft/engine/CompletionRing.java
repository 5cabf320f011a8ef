package org.verbs4j.provider.soft.engine;

import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The entries of a completion queue as columns, not objects: four packed words per entry in one array (32
 * bytes, two entries per cache line), so that writing or polling a stream of completions walks one array.
 * What few completions carry lives in columns of its own, read only where a bit of the entry says so: the send
 * queue position a send completion retires, the timestamp (only in a queue that reports one), and the tag
 * matching and source GID fields (made when an entry first needs them).
 *
 * <p>The words of an entry: the {@code wr_id}; the byte count and, above it, the immediate data or invalidated
 * key; the QP number and, above it, the source QP; the status, the opcode, the service level and the
 * {@linkplain #SOLICITED bits} in the low bytes, and the {@code wc_flags} above them.
 */
public final class CompletionRing {

    private static final int WORDS = 4;
    private static final WcStatus[] STATUSES = WcStatus.values();
    private static final WcOpcode[] OPCODES = WcOpcode.values();
    private static final int BYTE = 0xff;
    private static final int OPCODE_SHIFT = 8;
    private static final int SL_SHIFT = 16;
    private static final long SOLICITED = 1L << 24;
    private static final long UNSOLICITED = 1L << 25;
    private static final long SOURCE_GID = 1L << 26;
    private static final long RETIRES = 1L << 27;
    private static final long RARE = 1L << 28;

    /** The number of entries the queue holds (its {@code cqe}); the columns may be longer. */
    public final int capacity;
    private final int mask;
    private final long[] words;
    private final SendQueue[] sendQueues;
    private final long[] sendPositions;
    /** The device clock per entry, or {@code null} for a queue that reports no timestamp. */
    private final long[] timestamps;
    /** Per entry the tag, the application context, and the two halves of the source GID; made on first use. */
    private long[] rare;

    /** @param stamps whether the queue reports timestamps (a column of its own) */
    public CompletionRing(int capacity, boolean stamps) {
        this.capacity = capacity;
        int length = RingSlots.lengthFor(capacity);
        mask = length - 1;
        words = new long[WORDS * length];
        sendQueues = new SendQueue[length];
        sendPositions = new long[length];
        timestamps = stamps ? new long[length] : null;
    }

    /** @return the index of the entry at the absolute {@code position} */
    public int index(long position) {
        return (int) position & mask;
    }

    /** Writes {@code c} into the entry at {@code position}, with the device clock {@code timestamp}. */
    public void put(long position, Completion c, long timestamp) {
        int i = index(position);
        long bits = flagBits(c.solicited, c.unsolicited, c.hasSourceGid) | (c.sendQueue != null ? RETIRES : 0);
        boolean hasRare = c.hasSourceGid || c.tmTag != 0 || c.tmPriv != 0;
        write(i, c.wrId, c.byteLen, c.immOrInvalidatedRkey, c.qpNum, c.srcQp,
                header(c.status, c.opcode, c.sl, c.wcFlags) | bits | (hasRare ? RARE : 0));
        if (c.sendQueue != null) {
            retires(i, c.sendQueue, c.sendPosition);
        }
        if (hasRare) {
            putRare(i, c);
        }
        stamp(i, timestamp);
    }

    /**
     * Writes a successful receive completion without immediate data into the entry at {@code position}.
     *
     * @param length the bytes received
     * @param sourceQp the sender's queue pair number
     * @param serviceLevel the service level of the sender's path
     * @param solicited whether the sender asked for a solicited event
     */
    public void putReceive(long position, long wrId, int qpNum, long length, int sourceQp, int serviceLevel,
                    boolean solicited, long timestamp) {
        int i = index(position);
        write(i, wrId, (int) length, 0, qpNum, sourceQp,
                header(WcStatus.SUCCESS, WcOpcode.RECV, serviceLevel, 0) | (solicited ? SOLICITED : 0));
        stamp(i, timestamp);
    }

    private void write(int i, long wrId, int byteLen, int imm, int qpNum, int srcQp, long header) {
        int w = WORDS * i;
        words[w] = wrId;
        words[w + 1] = Integer.toUnsignedLong(byteLen) | (long) imm << Integer.SIZE;
        words[w + 2] = Integer.toUnsignedLong(qpNum) | (long) srcQp << Integer.SIZE;
        words[w + 3] = header;
    }

    private static long header(WcStatus status, WcOpcode opcode, int sl, int wcFlags) {
        return status.ordinal() | opcode.ordinal() << OPCODE_SHIFT | (sl & BYTE) << SL_SHIFT
                | (long) wcFlags << Integer.SIZE;
    }

    private static long flagBits(boolean solicited, boolean unsolicited, boolean sourceGid) {
        return (solicited ? SOLICITED : 0) | (unsolicited ? UNSOLICITED : 0) | (sourceGid ? SOURCE_GID : 0);
    }

    private void retires(int i, SendQueue queue, long position) {
        sendQueues[i] = queue;
        sendPositions[i] = position;
    }

    private void putRare(int i, Completion c) {
        if (rare == null) {
            rare = new long[WORDS * sendQueues.length]; // published with the entry that needs it
        }
        int w = WORDS * i;
        rare[w] = c.tmTag;
        rare[w + 1] = Integer.toUnsignedLong(c.tmPriv);
        rare[w + 2] = c.sourceGidHigh;
        rare[w + 3] = c.sourceGidLow;
    }

    private void stamp(int i, long timestamp) {
        if (timestamps != null) {
            timestamps[i] = timestamp;
        }
    }

    /**
     * Copies the entry at {@code position} of another ring to the same position of this one.
     *
     * @param position the absolute position of the entry
     * @param from the ring holding it
     */
    public void copy(long position, CompletionRing from) {
        int i = index(position);
        int f = from.index(position);
        System.arraycopy(from.words, WORDS * f, words, WORDS * i, WORDS);
        if ((from.header(f) & RETIRES) != 0) {
            retires(i, from.sendQueues[f], from.sendPositions[f]);
        }
        if ((from.header(f) & RARE) != 0) {
            if (rare == null) {
                rare = new long[WORDS * sendQueues.length];
            }
            System.arraycopy(from.rare, WORDS * f, rare, WORDS * i, WORDS);
        }
        stamp(i, from.timestamp(f));
    }

    // ---- readers, by index ----

    private long header(int i) {
        return words[WORDS * i + 3];
    }

    public long wrId(int i) {
        return words[WORDS * i];
    }

    public WcStatus status(int i) {
        return STATUSES[(int) header(i) & BYTE];
    }

    public WcOpcode opcode(int i) {
        return OPCODES[(int) (header(i) >>> OPCODE_SHIFT) & BYTE];
    }

    /** @return the vendor error: the status' number for an error, 0 on success */
    public int vendorErr(int i) {
        return (int) header(i) & BYTE;
    }

    public int byteLen(int i) {
        return (int) words[WORDS * i + 1];
    }

    public int immOrInvalidatedRkey(int i) {
        return (int) (words[WORDS * i + 1] >>> Integer.SIZE);
    }

    public int qpNum(int i) {
        return (int) words[WORDS * i + 2];
    }

    public int srcQp(int i) {
        return (int) (words[WORDS * i + 2] >>> Integer.SIZE);
    }

    public int sl(int i) {
        return (int) (header(i) >>> SL_SHIFT) & BYTE;
    }

    public int wcFlags(int i) {
        return (int) (header(i) >>> Integer.SIZE);
    }

    public boolean unsolicited(int i) {
        return (header(i) & UNSOLICITED) != 0;
    }

    public boolean hasSourceGid(int i) {
        return (header(i) & SOURCE_GID) != 0;
    }

    public long timestamp(int i) {
        return timestamps == null ? 0 : timestamps[i];
    }

    public long tmTag(int i) {
        return (header(i) & RARE) == 0 ? 0 : rare[WORDS * i];
    }

    public int tmPriv(int i) {
        return (header(i) & RARE) == 0 ? 0 : (int) rare[WORDS * i + 1];
    }

    public long sourceGidHigh(int i) {
        return rare[WORDS * i + 2];
    }

    public long sourceGidLow(int i) {
        return rare[WORDS * i + 3];
    }

    /** Frees the send queue slots the entry at {@code i} retires, if it is a send completion that does. */
    public void retireSendSlots(int i) {
        if ((header(i) & RETIRES) != 0) {
            sendQueues[i].retire(sendPositions[i]);
            sendQueues[i] = null; // a polled entry keeps no destroyed queue pair's queue reachable
        }
    }
}
