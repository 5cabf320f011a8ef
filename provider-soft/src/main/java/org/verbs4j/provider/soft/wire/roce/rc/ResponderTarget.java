package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;

/**
 * What a {@link Responder} needs of the engine: the receive queue, and the memory regions behind R_Keys. Every
 * method is called from the responder's thread and must not allocate.
 */
public interface ResponderTarget {

    /**
     * Takes the oldest posted receive for a new SEND or RDMA WRITE with immediate.
     *
     * @return false if none is posted: the responder answers with an RNR NAK (RC) or drops the message (UC)
     */
    boolean claimReceive();

    /**
     * Takes what a new SEND lands in, seeing its first packet: a receive queue whose messages start with a header
     * it reads (a tag-matching SRQ's TMH) decides there where the message goes.
     *
     * @param packet the first packet, valid only during the call
     * @param at where its payload starts in {@code packet}
     * @param length the payload's length
     * @return false if the message cannot be taken now: the responder answers with an RNR NAK (RC) or drops the
     *     message (UC)
     */
    default boolean claimSend(ByteBuffer packet, int at, int length) {
        return claimReceive();
    }

    /**
     * Takes what an RDMA WRITE with immediate completes: the oldest posted receive, unless the queue pair takes
     * such writes without one (EFA's unsolicited write receive), which the completion then reports.
     *
     * @return false if a receive is needed and none is posted
     */
    default boolean claimWriteReceive() {
        return claimReceive();
    }

    /**
     * XRC: makes the XRC SRQ {@code srqNumber} the receive queue, protection domain and completion queue of the
     * request that starts (the XRC SRQ must be open and of the XRC_RECV queue pair's XRC domain).
     *
     * @param srqNumber the XRC SRQ number of the request's XRCETH
     * @return false if the queue pair may not deliver to it: the responder NAKs the request as invalid
     */
    default boolean deliverTo(int srqNumber) {
        return false;
    }

    /**
     * Places a slice of a SEND into the claimed receive's scatter list.
     *
     * @param offset the slice's offset in the message
     * @param packet the packet, valid only during the call
     * @param at where the slice starts in {@code packet}
     * @param length the slice's length
     * @return false if the slice does not fit the receive's buffers (a local length error)
     */
    boolean placeReceive(long offset, ByteBuffer packet, int at, int length);

    /**
     * Completes the claimed receive; for a SEND with invalidate the target also invalidates the key.
     *
     * @param completion the completion, valid only during the call
     */
    void completeReceive(ReceiveCompletion completion);

    /**
     * Checks an R_Key: it names a memory region (or window) of the queue pair's protection domain that grants
     * {@code access} and covers {@code length} bytes from {@code address}.
     *
     * @param address the remote virtual address of the request
     * @param rKey the R_Key
     * @param length the length, up to 2^31
     * @param access the right the request needs
     * @return whether the request may proceed; false NAKs it with a remote access error
     */
    boolean mayAccess(long address, int rKey, long length, RemoteAccess access);

    /**
     * Writes a slice of an RDMA WRITE into memory {@link #mayAccess} allowed.
     *
     * @param address where it goes
     * @param rKey the R_Key
     * @param packet the packet, valid only during the call
     * @param at where the slice starts in {@code packet}
     * @param length the slice's length
     */
    void write(long address, int rKey, ByteBuffer packet, int at, int length);

    /**
     * Reads memory {@link #mayAccess} allowed into an RDMA READ response.
     *
     * @param address where it comes from
     * @param rKey the R_Key
     * @param packet the response being built
     * @param at where the slice goes in {@code packet}
     * @param length the slice's length
     */
    void read(long address, int rKey, ByteBuffer packet, int at, int length);

    /**
     * Executes an atomic operation on 8 aligned bytes {@link #mayAccess} allowed, atomically with respect to
     * every other atomic of the device.
     *
     * @param address the address
     * @param rKey the R_Key
     * @param compareSwap true for compare and swap, false for fetch and add
     * @param swapOrAdd the value to store if equal, or to add
     * @param compare the value to compare with (compare and swap)
     * @return the value before the operation
     */
    long atomic(long address, int rKey, boolean compareSwap, long swapOrAdd, long compare);

    /**
     * Executes an ATOMIC WRITE on 8 aligned bytes {@link #mayAccess} allowed for {@link RemoteAccess#WRITE}: one
     * 64-bit store, ordered after every placement before it.
     *
     * @param address the address
     * @param rKey the R_Key
     * @param value the 8 bytes of the packet, read big-endian: its first byte goes to {@code address}
     */
    void atomicWrite(long address, int rKey, long value);

    /**
     * Checks the R_Key of a FLUSH: it names a memory region (or window) of the queue pair's protection domain that
     * grants {@code access} and, unless {@code wholeRegion}, covers the range.
     *
     * @param address the start of the range
     * @param rKey the R_Key
     * @param length the length of the range, up to 2^31
     * @param wholeRegion true for the selectivity level of the whole region, whose range is not checked
     * @param access {@link RemoteAccess#FLUSH_GLOBAL} or {@link RemoteAccess#FLUSH_PERSISTENT}
     * @return whether the FLUSH may proceed; false NAKs it with a remote access error
     */
    boolean mayFlush(long address, int rKey, long length, boolean wholeRegion, RemoteAccess access);

    /** Executes a FLUSH {@link #mayFlush} allowed: every placement before it becomes globally visible. */
    void flush();
}
