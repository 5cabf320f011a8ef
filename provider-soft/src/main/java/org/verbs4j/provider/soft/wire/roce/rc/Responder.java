package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.Aeth;
import org.verbs4j.provider.soft.wire.roce.AtomicEth;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.Feth;
import org.verbs4j.provider.soft.wire.roce.Ieth;
import org.verbs4j.provider.soft.wire.roce.ImmDt;
import org.verbs4j.provider.soft.wire.roce.NakCode;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.Reth;
import org.verbs4j.provider.soft.wire.roce.RoceV2;
import org.verbs4j.provider.soft.wire.roce.Transport;
import org.verbs4j.provider.soft.wire.roce.Xrceth;

/**
 * The receiving half of an RC, UC or XRC (XRC_RECV) queue pair on the RoCE v2 wire, as rxe's responder: it executes
 * the requests in PSN order and answers them. XRC is RC with one more check: the XRC SRQ the XRCETH of a request's
 * first packet names must be one the target may deliver to, else the request gets an invalid request NAK.
 *
 * <p>RC: a packet ahead of the expected PSN is answered once with a PSN sequence error NAK (until the expected
 * one arrives); a duplicate SEND or RDMA WRITE is acknowledged again, not executed again; a duplicate RDMA READ
 * is answered again from its responder resource, and a duplicate atomic gets the value the atomic returned the
 * first time. A FLUSH or an ATOMIC WRITE is answered, as rxe answers it, by an RDMA READ response without payload,
 * and its duplicate gets that answer again without being executed again. Packets asking for an acknowledgement get one (ACK coalescing: one ACK answers all the PSNs before
 * it). A SEND with no receive posted gets an RNR NAK with {@code min_rnr_timer}; a bad opcode sequence, length or
 * queue pair access right gets an invalid request NAK, a bad R_Key or range a remote access error NAK, after which
 * the responder stops (the queue pair goes to the error state). UC answers nothing: it drops a message it cannot
 * take whole, and starts again at the next first packet.
 *
 * <p>Not thread-safe: the engine calls it from one thread at a time. It allocates nothing after construction.
 */
public final class Responder {

    /** IBTA C9-94: the largest DMA length a RETH may ask for. */
    private static final long MAX_DMA_LENGTH = 1L << 31;

    private final ResponderConfig config;
    private final ResponderTarget target;
    private final ResponseBuilder out;
    private final ResponderResources resources;
    private final ReceiveCompletion completion = new ReceiveCompletion();
    private int expectedPsn;
    private int msn;
    private boolean nakSent;
    private boolean dropping;
    private boolean failed;
    private RequestKind current;
    private boolean receiveClaimed;
    private long received;
    private long writeAddress;
    private int writeKey;
    private long writeLeft;
    private long writeLength;

    /**
     * @param config the queue pair's attributes
     * @param sink where acknowledgements and READ responses go
     * @param target the receive queue and the memory
     */
    public Responder(ResponderConfig config, PacketSink sink, ResponderTarget target) {
        this.config = config;
        this.target = target;
        this.out = new ResponseBuilder(config, sink, target);
        this.resources = new ResponderResources(config.maxDestReadAtomic());
        this.expectedPsn = config.expectedPsn() & Bth.MASK_24;
    }

    /** @return the next PSN it expects */
    public int expectedPsn() {
        return expectedPsn;
    }

    /** @return the message sequence number: how many messages it executed */
    public int msn() {
        return msn;
    }

    /** @return whether a fatal NAK stopped it */
    public boolean failed() {
        return failed;
    }

    /**
     * Handles a request packet of this queue pair; responses and other transports are ignored.
     *
     * @param packet the packet, BTH at index 0 (a {@link org.verbs4j.provider.soft.wire.roce.RocePacket}'s buffer)
     * @param length its length, ICRC included
     */
    public void onRequest(ByteBuffer packet, int length) {
        Opcode opcode = Opcode.of(Bth.opcode(packet, 0));
        if (failed || opcode == null || opcode.isResponse() || opcode.transport() != config.transport()) {
            return;
        }
        int psn = Bth.psn(packet, 0);
        int payload = length - opcode.headerBytes() - Bth.pad(packet, 0) - RoceV2.ICRC_BYTES;
        boolean inOrder = config.transport().reliable() ? inSequence(packet, opcode, psn) : inStep(opcode, psn);
        if (inOrder && payload >= 0) {
            execute(packet, opcode, psn, payload);
        }
    }

    private boolean inSequence(ByteBuffer packet, Opcode opcode, int psn) {
        int ahead = Psn.diff(psn, expectedPsn);
        if (ahead > 0 && !nakSent) {
            nakSent = true;
            out.acknowledge(Aeth.nak(NakCode.PSN_SEQUENCE_ERROR), expectedPsn, msn);
        } else if (ahead < 0) {
            duplicate(opcode, psn);
        }
        nakSent &= ahead != 0;
        return ahead == 0;
    }

    private boolean inStep(Opcode opcode, int psn) {
        if (!dropping && psn == expectedPsn) {
            return true;
        }
        dropping = !opcode.part().starts();
        if (!dropping) {
            expectedPsn = psn;
            current = null;
        }
        return !dropping;
    }

    private void duplicate(Opcode opcode, int psn) {
        RequestKind kind = RequestKind.of(opcode);
        if (!kind.takesResource()) {
            out.acknowledge(Aeth.ack(Aeth.UNLIMITED_CREDITS), Psn.add(expectedPsn, -1), msn);
            return;
        }
        ResponderResource resource = resources.find(psn);
        if (resource != null && resource.kind == kind) {
            replay(resource, psn);
        }
    }

    /** Answers a duplicate from its resource; a FLUSH or an ATOMIC WRITE is not executed again (rxe, oA19-14). */
    private void replay(ResponderResource resource, int psn) {
        switch (resource.kind) {
            case READ -> out.read(resource, psn, msn);
            case ATOMIC -> out.atomic(resource, msn);
            default -> out.empty(resource.firstPsn, msn);
        }
    }

    private void execute(ByteBuffer packet, Opcode opcode, int psn, int payload) {
        RequestKind kind = RequestKind.of(opcode);
        if (!fitsSequence(opcode, kind) || !allowed(kind) || !fitsLength(opcode, payload)
                || !reachesXrcSrq(packet, opcode)) {
            reject(NakCode.INVALID_REQUEST, WcStatus.REM_INV_REQ_ERR);
            return;
        }
        switch (kind) {
            case SEND -> send(packet, opcode, psn, payload);
            case WRITE -> write(packet, opcode, psn, payload);
            case READ -> read(packet, opcode, psn);
            case ATOMIC -> atomic(packet, opcode, psn);
            case FLUSH -> flush(packet, opcode, psn);
            case ATOMIC_WRITE -> atomicWrite(packet, opcode, psn, payload);
        }
    }

    private boolean fitsSequence(Opcode opcode, RequestKind kind) {
        return current == null ? opcode.part().starts() : !opcode.part().starts() && kind == current;
    }

    /** XRC: the first packet of a request names, in its XRCETH, the XRC SRQ the request goes to. */
    private boolean reachesXrcSrq(ByteBuffer packet, Opcode opcode) {
        return !opcode.carries(ExtensionHeader.XRCETH) || !opcode.part().starts()
                || target.deliverTo(Xrceth.srqNumber(packet, opcode.offsetOf(ExtensionHeader.XRCETH)));
    }

    private boolean allowed(RequestKind kind) {
        boolean resources = !kind.needsResources() || config.maxDestReadAtomic() > 0;
        return resources && (kind.access() == null || config.access().contains(kind.access()));
    }

    private boolean fitsLength(Opcode opcode, int payload) {
        if (!opcode.hasPayload()) {
            return payload == 0;
        }
        return opcode.part().ends() ? payload <= config.pathMtu() : payload == config.pathMtu();
    }

    private void send(ByteBuffer packet, Opcode opcode, int psn, int payload) {
        if (opcode.part().starts()) {
            if (!claimed(psn, receiveClaimed || target.claimSend(packet, opcode.headerBytes(), payload))) {
                return;
            }
            received = 0;
        }
        if (!target.placeReceive(received, packet, opcode.headerBytes(), payload)) {
            reject(NakCode.INVALID_REQUEST, WcStatus.LOC_LEN_ERR);
            return;
        }
        received += payload;
        advance(opcode, psn, RequestKind.SEND);
        if (opcode.part().ends()) {
            completeReceive(packet, opcode, WcOpcode.RECV, received);
        }
        acknowledgeIfAsked(packet, psn);
    }

    private void write(ByteBuffer packet, Opcode opcode, int psn, int payload) {
        if (opcode.part().starts() && !startWrite(packet, opcode)) {
            return;
        }
        if (payload > writeLeft || opcode.part().ends() && payload != writeLeft) {
            reject(NakCode.INVALID_REQUEST, WcStatus.REM_INV_REQ_ERR);
            return;
        }
        boolean immediate = opcode.carries(ExtensionHeader.IMMDT);
        if (immediate && !claimReceive(psn, true)) {
            return;
        }
        target.write(writeAddress, writeKey, packet, opcode.headerBytes(), payload);
        writeAddress += payload;
        writeLeft -= payload;
        advance(opcode, psn, RequestKind.WRITE);
        if (immediate) {
            completeReceive(packet, opcode, WcOpcode.RECV_RDMA_WITH_IMM, writeLength);
        }
        acknowledgeIfAsked(packet, psn);
    }

    private boolean startWrite(ByteBuffer packet, Opcode opcode) {
        int at = opcode.offsetOf(ExtensionHeader.RETH);
        writeAddress = Reth.virtualAddress(packet, at);
        writeKey = Reth.rKey(packet, at);
        writeLength = Reth.dmaLength(packet, at);
        writeLeft = writeLength;
        if (!target.mayAccess(writeAddress, writeKey, writeLength, RemoteAccess.WRITE)) {
            reject(NakCode.REMOTE_ACCESS_ERROR, WcStatus.REM_ACCESS_ERR);
            return false;
        }
        return true;
    }

    private void read(ByteBuffer packet, Opcode opcode, int psn) {
        int at = opcode.offsetOf(ExtensionHeader.RETH);
        long address = Reth.virtualAddress(packet, at);
        int key = Reth.rKey(packet, at);
        long length = Reth.dmaLength(packet, at);
        if (length > Integer.MAX_VALUE || !target.mayAccess(address, key, length, RemoteAccess.READ)) {
            reject(NakCode.REMOTE_ACCESS_ERROR, WcStatus.REM_ACCESS_ERR);
            return;
        }
        ResponderResource resource = resources.take();
        int packets = Math.max(1, (int) ((length + config.pathMtu() - 1) / config.pathMtu()));
        resource.read(psn, packets, address, key, length);
        expectedPsn = Psn.add(resource.lastPsn, 1);
        msn++;
        out.read(resource, psn, msn);
    }

    private void atomic(ByteBuffer packet, Opcode opcode, int psn) {
        int at = opcode.offsetOf(ExtensionHeader.ATOMIC_ETH);
        long address = AtomicEth.virtualAddress(packet, at);
        int key = AtomicEth.rKey(packet, at);
        if ((address & 7) != 0) {
            reject(NakCode.INVALID_REQUEST, WcStatus.REM_INV_REQ_ERR);
            return;
        }
        if (!target.mayAccess(address, key, Long.BYTES, RemoteAccess.ATOMIC)) {
            reject(NakCode.REMOTE_ACCESS_ERROR, WcStatus.REM_ACCESS_ERR);
            return;
        }
        long original = target.atomic(address, key, RequestKind.comparesAndSwaps(opcode),
                AtomicEth.swapOrAdd(packet, at), AtomicEth.compare(packet, at));
        ResponderResource resource = resources.take();
        resource.atomic(psn, original);
        expectedPsn = Psn.add(psn, 1);
        msn++;
        out.atomic(resource, msn);
    }

    /**
     * FLUSH: the queue pair must allow each placement type it names, and the key grant it for the range (or the
     * whole region); the placements before it then become visible, and an empty READ response answers it.
     */
    private void flush(ByteBuffer packet, Opcode opcode, int psn) {
        int feth = opcode.offsetOf(ExtensionHeader.FETH);
        int at = opcode.offsetOf(ExtensionHeader.RETH);
        int type = Feth.placementType(packet, feth);
        long length = Reth.dmaLength(packet, at);
        if (!flushAllowed(type) || length > MAX_DMA_LENGTH) {
            reject(NakCode.INVALID_REQUEST, WcStatus.REM_INV_REQ_ERR);
            return;
        }
        boolean whole = Feth.selectivityLevel(packet, feth) == Feth.REGION;
        if (!mayFlush(Reth.virtualAddress(packet, at), Reth.rKey(packet, at), length, whole, type)) {
            reject(NakCode.REMOTE_ACCESS_ERROR, WcStatus.REM_ACCESS_ERR);
            return;
        }
        target.flush();
        answerEmpty(psn, RequestKind.FLUSH);
    }

    /** rxe's check_qp_attr_access: the queue pair allows every placement type named, and one is named. */
    private boolean flushAllowed(int type) {
        boolean global = (type & Feth.GLOBAL) == 0 || config.access().contains(RemoteAccess.FLUSH_GLOBAL);
        boolean persistent = (type & Feth.PERSISTENT) == 0
                || config.access().contains(RemoteAccess.FLUSH_PERSISTENT);
        return (type & (Feth.GLOBAL | Feth.PERSISTENT)) != 0 && global && persistent;
    }

    private boolean mayFlush(long address, int key, long length, boolean whole, int type) {
        return ((type & Feth.GLOBAL) == 0 || target.mayFlush(address, key, length, whole, RemoteAccess.FLUSH_GLOBAL))
                && ((type & Feth.PERSISTENT) == 0
                        || target.mayFlush(address, key, length, whole, RemoteAccess.FLUSH_PERSISTENT));
    }

    /**
     * ATOMIC WRITE: 8 bytes (the payload and the RETH's DMA length), at an address the key grants remote write
     * (as rxe grants it) and 8-byte aligned, stored at once; an empty READ response answers it.
     */
    private void atomicWrite(ByteBuffer packet, Opcode opcode, int psn, int payload) {
        int at = RoceV2.BTH_BYTES;
        long address = Reth.virtualAddress(packet, at);
        int key = Reth.rKey(packet, at);
        if (payload != Long.BYTES || Reth.dmaLength(packet, at) != Long.BYTES) {
            reject(NakCode.INVALID_REQUEST, WcStatus.REM_INV_REQ_ERR);
            return;
        }
        if (!target.mayAccess(address, key, Long.BYTES, RemoteAccess.WRITE)) {
            reject(NakCode.REMOTE_ACCESS_ERROR, WcStatus.REM_ACCESS_ERR);
            return;
        }
        if ((address & 7) != 0) {
            reject(NakCode.INVALID_REQUEST, WcStatus.REM_INV_REQ_ERR);
            return;
        }
        target.atomicWrite(address, key, packet.getLong(opcode.headerBytes()));
        answerEmpty(psn, RequestKind.ATOMIC_WRITE);
    }

    private void answerEmpty(int psn, RequestKind kind) {
        resources.take().answered(psn, kind);
        expectedPsn = Psn.add(psn, 1);
        msn = msn + 1 & Bth.MASK_24;
        out.empty(psn, msn);
    }

    private boolean claimReceive(int psn, boolean forWrite) {
        return claimed(psn, receiveClaimed || (forWrite ? target.claimWriteReceive() : target.claimReceive()));
    }

    /** @return whether a receive is claimed; if not, answers with an RNR NAK (RC) or drops the message (UC) */
    private boolean claimed(int psn, boolean claimed) {
        if (claimed) {
            receiveClaimed = true;
            return true;
        }
        if (config.transport().reliable()) {
            out.acknowledge(Aeth.rnrNak(config.minRnrTimer()), psn, msn);
        } else {
            dropping = true;
            current = null;
        }
        return false;
    }

    private void advance(Opcode opcode, int psn, RequestKind kind) {
        expectedPsn = Psn.add(psn, 1);
        current = opcode.part().ends() ? null : kind;
        if (opcode.part().ends()) {
            msn = msn + 1 & Bth.MASK_24;
        }
    }

    private void completeReceive(ByteBuffer packet, Opcode opcode, WcOpcode kind, long length) {
        completion.reset(WcStatus.SUCCESS, kind, (int) length);
        if (opcode.carries(ExtensionHeader.IMMDT)) {
            completion.hasImmediate = true;
            completion.immediate = ImmDt.immediate(packet, opcode.offsetOf(ExtensionHeader.IMMDT));
        }
        if (opcode.carries(ExtensionHeader.IETH)) {
            completion.hasInvalidate = true;
            completion.invalidatedKey = Ieth.rKey(packet, opcode.offsetOf(ExtensionHeader.IETH));
        }
        completion.solicited = Bth.solicited(packet, 0);
        receiveClaimed = false;
        target.completeReceive(completion);
    }

    private void acknowledgeIfAsked(ByteBuffer packet, int psn) {
        if (config.transport().reliable() && Bth.ackRequest(packet, 0)) {
            out.acknowledge(Aeth.ack(Aeth.UNLIMITED_CREDITS), psn, msn);
        }
    }

    /** RC: NAKs the expected PSN and stops, completing a claimed receive in error. UC: drops the message. */
    private void reject(NakCode code, WcStatus receiveStatus) {
        current = null;
        if (config.transport() == Transport.UC) {
            dropping = true;
            return;
        }
        out.acknowledge(Aeth.nak(code), expectedPsn, msn);
        failed = true;
        if (receiveClaimed) {
            completion.reset(receiveStatus, WcOpcode.RECV, (int) received);
            receiveClaimed = false;
            target.completeReceive(completion);
        }
    }
}
