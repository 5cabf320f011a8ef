package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import org.verbs4j.provider.soft.wire.roce.AtomicEth;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.BthFlags;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.Feth;
import org.verbs4j.provider.soft.wire.roce.Ieth;
import org.verbs4j.provider.soft.wire.roce.ImmDt;
import org.verbs4j.provider.soft.wire.roce.MessagePart;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.Reth;
import org.verbs4j.provider.soft.wire.roce.Xrceth;

/**
 * Builds a requester's packets as rxe's requester does: a message of several packets at the path MTU is first,
 * middles and last; RETH in the first packet of an RDMA WRITE and in a READ request (which, resent from the middle
 * of its response, asks for the rest only); ImmDt or IETH in the last; the acknowledge request bit on the last
 * packet of each message and after 64 packets without one; the solicited bit on the last packet of a SEND or an
 * RDMA WRITE with immediate when the request asks for it; XRC: the XRCETH, naming the request's XRC SRQ, in every
 * packet. A FLUSH is FETH and RETH; an ATOMIC WRITE is RETH (DMA length 8) and the 8 bytes.
 */
final class RequestBuilder {

    /** rxe's RXE_MAX_PKT_PER_ACK: a packet without the acknowledge request bit after this many asks for one. */
    static final int PACKETS_PER_ACK = 64;

    private final RequesterConfig config;
    private final PayloadSource payloads;
    private final ByteBuffer packet;
    private int withoutAckRequest;

    RequestBuilder(RequesterConfig config, PayloadSource payloads) {
        this.config = config;
        this.payloads = payloads;
        this.packet = ByteBuffer.allocateDirect(config.pathMtu() + 64);
    }

    ByteBuffer packet() {
        return packet;
    }

    /**
     * @param work the request
     * @param psn the PSN of the packet, within the request's
     * @return the length of the packet's headers, payload and pad
     */
    int build(SendWork work, int psn) {
        if (work.operation.isSegmented()) {
            return segment(work, psn);
        }
        return switch (work.operation) {
            case RDMA_READ -> readRequest(work, psn);
            case FLUSH -> flush(work, psn);
            case ATOMIC_WRITE -> atomicWrite(work, psn);
            default -> atomic(work, psn);
        };
    }

    private int segment(SendWork work, int psn) {
        int index = Psn.diff(psn, work.firstPsn);
        long offset = (long) index * config.pathMtu();
        int payload = (int) Math.min(config.pathMtu(), work.length - offset);
        MessagePart part = partOf(index, work.packets(config.pathMtu()));
        Opcode opcode = work.operation.opcode(config.transport(), part);
        header(opcode, flags(work, part), Bth.padFor(payload), psn);
        extensions(work, opcode);
        int at = opcode.headerBytes();
        payloads.copy(work.wrId, offset, packet, at, payload);
        return pad(at + payload);
    }

    private void extensions(SendWork work, Opcode opcode) {
        xrc(work, opcode);
        if (opcode.carries(ExtensionHeader.RETH)) {
            Reth.put(packet, opcode.offsetOf(ExtensionHeader.RETH), work.remoteAddress, work.rKey, work.length);
        }
        if (opcode.carries(ExtensionHeader.IMMDT)) {
            ImmDt.put(packet, opcode.offsetOf(ExtensionHeader.IMMDT), work.immediateOrKey);
        }
        if (opcode.carries(ExtensionHeader.IETH)) {
            Ieth.put(packet, opcode.offsetOf(ExtensionHeader.IETH), work.immediateOrKey);
        }
    }

    private int readRequest(SendWork work, int psn) {
        long offset = (long) Psn.diff(psn, work.firstPsn) * config.pathMtu();
        Opcode opcode = work.operation.opcode(config.transport(), MessagePart.ONLY);
        header(opcode, ackRequested(true), 0, psn);
        xrc(work, opcode);
        Reth.put(packet, opcode.offsetOf(ExtensionHeader.RETH), work.remoteAddress + offset, work.rKey, (int) (work.length - offset));
        return opcode.headerBytes();
    }

    private int atomic(SendWork work, int psn) {
        Opcode opcode = work.operation.opcode(config.transport(), MessagePart.ONLY);
        header(opcode, ackRequested(true), 0, psn);
        xrc(work, opcode);
        AtomicEth.put(packet, opcode.offsetOf(ExtensionHeader.ATOMIC_ETH), work.remoteAddress, work.rKey, work.swapOrAdd, work.compare);
        return opcode.headerBytes();
    }

    private void xrc(SendWork work, Opcode opcode) {
        if (opcode.carries(ExtensionHeader.XRCETH)) {
            Xrceth.put(packet, opcode.offsetOf(ExtensionHeader.XRCETH), work.xrcSrqNumber);
        }
    }

    private int flush(SendWork work, int psn) {
        Opcode opcode = Opcode.RC_FLUSH;
        header(opcode, ackRequested(true), 0, psn);
        Feth.put(packet, opcode.offsetOf(ExtensionHeader.FETH), work.flushType, work.flushLevel);
        Reth.put(packet, opcode.offsetOf(ExtensionHeader.RETH), work.remoteAddress, work.rKey, (int) work.flushLength);
        return opcode.headerBytes();
    }

    private int atomicWrite(SendWork work, int psn) {
        Opcode opcode = Opcode.RC_ATOMIC_WRITE;
        header(opcode, ackRequested(true), 0, psn);
        Reth.put(packet, opcode.offsetOf(ExtensionHeader.RETH), work.remoteAddress, work.rKey, Long.BYTES);
        packet.putLong(opcode.headerBytes(), work.swapOrAdd);
        return opcode.headerBytes() + Long.BYTES;
    }

    private void header(Opcode opcode, int flags, int pad, int psn) {
        packet.clear(); // the sink may have moved the limit (a RoceEndpoint does)
        Bth.put(packet, 0, opcode, flags, pad, config.pKey(), config.destQp(), psn);
    }

    private int flags(SendWork work, MessagePart part) {
        boolean solicited = work.solicited && part.ends()
                && (!work.operation.isWrite() || work.operation == WorkOperation.RDMA_WRITE_WITH_IMMEDIATE);
        return ackRequested(part.ends()) | (solicited ? BthFlags.SOLICITED : 0);
    }

    private int ackRequested(boolean endsMessage) {
        boolean ask = endsMessage || withoutAckRequest++ > PACKETS_PER_ACK;
        if (ask) {
            withoutAckRequest = 0;
        }
        return ask ? BthFlags.ACK_REQUEST : 0;
    }

    private int pad(int end) {
        int padded = end;
        while ((padded & 3) != 0) {
            packet.put(padded++, (byte) 0);
        }
        return padded;
    }

    static MessagePart partOf(int index, int packets) {
        if (packets == 1) {
            return MessagePart.ONLY;
        }
        return index == 0 ? MessagePart.FIRST : index == packets - 1 ? MessagePart.LAST : MessagePart.MIDDLE;
    }
}
