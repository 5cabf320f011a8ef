package org.verbs4j.provider.soft.wire;

import java.nio.ByteBuffer;
import org.verbs4j.QpState;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.LocalAccess;
import org.verbs4j.provider.soft.engine.TaggedMessage;
import org.verbs4j.provider.soft.wire.roce.rc.PayloadSource;
import org.verbs4j.provider.soft.wire.roce.rc.RequesterListener;

/**
 * The RDMA READs and FINs that the device of a queue pair with a tag-matching SRQ issues itself on the RoCE v2
 * wire, as mlx5's hardware does for a matched RNDV message: an RDMA READ, on the same connection, of the sender's
 * buffer the RVH names (va, rkey, len) into the tagged buffer, then a FIN (a SEND of the message's TMH, opcode
 * FIN, and RVH) that the sender's ordinary receive takes; the tagged receive completes with TM_DATA_VALID when
 * the read ended, or with the read's error status (the queue pair then enters ERROR, as after a failed READ of
 * its own). They go through the queue pair's requester, with its PSNs, retransmissions and order, among the work
 * requests of its send queue, known there by negative ids. At most {@link #SLOTS} rendezvous are read at a time.
 * Fabric lock held; nothing is allocated after construction.
 */
final class RendezvousReads implements PayloadSource, RequesterListener {

    /** How many rendezvous may be read at a time; a matched RNDV message beyond them gets an RNR NAK. */
    static final int SLOTS = 4;
    /** The requester's slots that the reads and FINs may hold beyond those of the send queue. */
    static final int REQUESTS = 2 * SLOTS;
    private static final long DEVICE = Long.MIN_VALUE;
    private static final int FREE = 0;
    private static final int MATCHED = 1;
    private static final int READING = 2;
    private static final int READ = 3;
    private static final int FINISHING = 4;

    private final NetworkQueuePair qp;
    private final NetworkConnection connection;
    private final TaggedMessage[] slots = new TaggedMessage[SLOTS];
    private final int[] states = new int[SLOTS];
    /** The slots whose READ (MATCHED) or FIN (READ) is to be put on the wire after the machines' turn, in order. */
    private final int[] due = new int[SLOTS];
    private final PacketView outgoing = new PacketView();
    private final PacketView incoming = new PacketView();
    private long dueHead;
    private long dueTail;
    private boolean readFailed;

    RendezvousReads(NetworkQueuePair qp, NetworkConnection connection) {
        this.qp = qp;
        this.connection = connection;
        for (int i = 0; i < SLOTS; i++) {
            slots[i] = new TaggedMessage();
        }
    }

    /** @return whether ids of the requester are the device's own (a read or a FIN), not send queue positions */
    static boolean owns(long wrId) {
        return wrId < 0;
    }

    /** @return whether a rendezvous can be read now: the queue pair sends (RTS) and a slot is free */
    boolean mayRead() {
        return qp.state() == QpState.RTS && !connection.stopped() && freeSlot() >= 0;
    }

    /**
     * Takes the matched rendezvous {@code m} ({@link #mayRead} said it may): its READ goes on the wire after the
     * responder's turn, behind the acknowledgement of the RNDV message.
     */
    void read(TaggedMessage m) {
        int slot = freeSlot();
        states[slot] = MATCHED;
        slots[slot].copyOf(m);
        due[(int) (dueTail++ % SLOTS)] = slot;
    }

    private int freeSlot() {
        for (int i = 0; i < SLOTS; i++) {
            if (states[i] == FREE) {
                return i;
            }
        }
        return -1;
    }

    /** The FIN's bytes. */
    @Override
    public void copy(long wrId, long offset, ByteBuffer packet, int at, int length) {
        LocalAccess.copy(slots[slot(wrId)].header(TaggedMessage.FIN_BYTES), offset, outgoing.of(packet), at, length);
    }

    /** The read data goes to the tagged buffer. */
    @Override
    public void placeRead(long wrId, long offset, ByteBuffer packet, int at, int length) {
        LocalAccess.copy(incoming.of(packet), at, slots[slot(wrId)].target(), offset, length);
    }

    /** The device issues no atomic operation. */
    @Override
    public void placeAtomic(long wrId, long original) {
        throw new IllegalStateException("the device's own requests hold no atomic operation: " + wrId);
    }

    /** A read ended (its FIN is sent after the requester's turn), or a FIN was acknowledged. */
    @Override
    public void complete(long wrId, WcOpcode opcode, WcStatus status, int byteLength) {
        int slot = slot(wrId);
        if ((wrId & 1) != 0) {
            states[slot] = states[slot] == FINISHING ? FREE : states[slot];
        } else if (states[slot] == READING && status == WcStatus.SUCCESS) {
            states[slot] = READ;
            due[(int) (dueTail++ % SLOTS)] = slot;
        } else if (states[slot] == READING) {
            flush(slot, status);
            readFailed |= status != WcStatus.WR_FLUSH_ERR;
        }
    }

    private void flush(int slot, WcStatus status) {
        states[slot] = FREE;
        qp.softSrq().tagMatcher().readEnded(slots[slot], qp, status);
    }

    /**
     * After the turn of the connection's machines (a packet or a timer): puts the READ of each rendezvous matched on
     * the wire, sends the FIN of each read that ended and completes its tagged receive with TM_DATA_VALID; a read
     * that failed moves the queue pair to ERROR.
     */
    void afterTurn() {
        while (dueHead < dueTail) {
            int slot = due[(int) (dueHead++ % SLOTS)];
            if (states[slot] == MATCHED) {
                startRead(slot);
            } else {
                finish(slot);
            }
        }
        if (readFailed) {
            readFailed = false;
            qp.enterError(null);
        }
    }

    private void startRead(int slot) {
        TaggedMessage m = slots[slot];
        states[slot] = READING;
        connection.deviceSlot().read(DEVICE | (long) slot << 1, (int) m.readLength(), m.readAddress(), m.readKey());
        connection.postDevice();
    }

    private void finish(int slot) {
        TaggedMessage m = slots[slot];
        states[slot] = FINISHING;
        m.fin();
        connection.deviceSlot().send(DEVICE | (long) slot << 1 | 1, TaggedMessage.FIN_BYTES);
        connection.postDevice();
        qp.softSrq().tagMatcher().readEnded(m, qp, WcStatus.SUCCESS);
    }

    /**
     * The queue pair left the connection: a rendezvous whose read is not done, or whose FIN is not sent yet,
     * completes its tagged receive with WR_FLUSH_ERR.
     */
    void stop() {
        dueHead = dueTail;
        for (int i = 0; i < SLOTS; i++) {
            if (states[i] != FREE && states[i] != FINISHING) {
                flush(i, WcStatus.WR_FLUSH_ERR);
            }
            states[i] = FREE;
        }
    }

    private static int slot(long wrId) {
        return (int) (wrId >>> 1 & (SLOTS - 1));
    }
}
