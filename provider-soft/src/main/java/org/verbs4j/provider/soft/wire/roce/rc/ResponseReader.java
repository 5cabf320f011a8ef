package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.AckType;
import org.verbs4j.provider.soft.wire.roce.Aeth;
import org.verbs4j.provider.soft.wire.roce.AtomicAckEth;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.NakCode;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.RoceV2;

/**
 * A requester's completer, as rxe's: matches each response to the oldest request it started. A response past a
 * SEND or RDMA WRITE acknowledges it; past a READ or an atomic it means their response was lost, and the
 * requester goes back. A response before the oldest unacknowledged PSN is a duplicate and is ignored, so is a
 * READ response past it (a packet of the response was lost: the timeout resends the READ from there). A FLUSH
 * and an ATOMIC WRITE are answered as a one-packet READ without payload.
 */
final class ResponseReader {

    private static final int ACKNOWLEDGE = 0x11;
    private static final int ATOMIC_ACKNOWLEDGE = 0x12;

    private final Requester requester;
    private final int mtu;
    private final RequesterListener listener;

    ResponseReader(Requester requester, int mtu, RequesterListener listener) {
        this.requester = requester;
        this.mtu = mtu;
        this.listener = listener;
    }

    void read(ByteBuffer packet, int length, Opcode opcode, int psn, long now) {
        SendWork work = completeBefore(psn);
        if (work == null || requester.failed()) {
            return;
        }
        int ahead = Psn.diff(psn, requester.ackedPsn());
        if (ahead < 0 || ahead > 0 && work.operation.isReadOrAtomic()) {
            return;
        }
        switch (opcode.code() & 0x1F) { // RC's and XRC's responses share their low bits
            case ACKNOWLEDGE -> acknowledge(packet, work, psn, now);
            case ATOMIC_ACKNOWLEDGE -> atomic(packet, work, psn);
            default -> readResponse(packet, length, opcode, work, psn);
        }
    }

    /** Completes the SENDs and WRITEs the response's PSN implicitly acknowledges; returns the oldest left. */
    private SendWork completeBefore(int psn) {
        SendWork work = requester.oldestStarted();
        while (work != null && Psn.diff(psn, work.lastPsn) > 0) {
            if (work.operation.isReadOrAtomic()) {
                requester.retry(false);
                return null;
            }
            requester.resetRetries();
            requester.acknowledgedBefore(Psn.add(work.lastPsn, 1));
            requester.completeHead(WcStatus.SUCCESS);
            work = requester.oldestStarted();
        }
        return work;
    }

    private void acknowledge(ByteBuffer packet, SendWork work, int psn, long now) {
        int syndrome = Aeth.syndrome(packet, RoceV2.BTH_BYTES);
        switch (AckType.of(syndrome)) {
            case ACK -> positive(work, psn);
            case RNR_NAK -> requester.receiverNotReady(psn, RnrNakTimer.nanos(Aeth.value(syndrome)), now);
            case NAK -> negative(NakCode.of(Aeth.value(syndrome)), psn);
            default -> requester.fail(WcStatus.BAD_RESP_ERR);
        }
    }

    private void positive(SendWork work, int psn) {
        if (work.operation.isReadOrAtomic()) {
            return;
        }
        requester.resetRetries();
        requester.acknowledgedBefore(Psn.add(psn, 1));
        if (psn == work.lastPsn) {
            requester.completeHead(WcStatus.SUCCESS);
        }
    }

    private void negative(NakCode code, int psn) {
        if (code == NakCode.PSN_SEQUENCE_ERROR) {
            requester.acknowledgedBefore(psn);
            requester.retry(false);
            return;
        }
        requester.fail(statusOf(code));
    }

    static WcStatus statusOf(NakCode code) {
        if (code == NakCode.INVALID_REQUEST) {
            return WcStatus.REM_INV_REQ_ERR;
        }
        return code == NakCode.REMOTE_ACCESS_ERROR ? WcStatus.REM_ACCESS_ERR : WcStatus.REM_OP_ERR;
    }

    private void atomic(ByteBuffer packet, SendWork work, int psn) {
        if (!work.operation.isAtomic() || !positiveAeth(packet)) {
            requester.fail(WcStatus.BAD_RESP_ERR);
            return;
        }
        int at = Opcode.RC_ATOMIC_ACKNOWLEDGE.offsetOf(ExtensionHeader.ATOMIC_ACK_ETH);
        listener.placeAtomic(work.wrId, AtomicAckEth.original(packet, at));
        finish(psn);
    }

    private void readResponse(ByteBuffer packet, int length, Opcode opcode, SendWork work, int psn) {
        int index = Psn.diff(psn, work.firstPsn);
        long offset = (long) index * mtu;
        int expected = (int) Math.min(mtu, work.length - offset);
        int payload = length - opcode.headerBytes() - Bth.pad(packet, 0) - RoceV2.ICRC_BYTES;
        boolean last = psn == work.lastPsn;
        boolean fits = opcode.part().ends() == last && (opcode.part().starts() || index > 0) && payload == expected;
        if (work.operation.answeredEmpty()) {
            empty(packet, opcode, work, psn, payload);
            return;
        }
        if (work.operation != WorkOperation.RDMA_READ || !fits || !positiveAeth(packet)) {
            requester.fail(WcStatus.BAD_RESP_ERR);
            return;
        }
        listener.placeRead(work.wrId, offset, packet, opcode.headerBytes(), payload);
        if (last) {
            finish(psn);
        } else {
            requester.resetRetries();
            requester.acknowledgedBefore(Psn.add(psn, 1));
        }
    }

    /** A FLUSH or an ATOMIC WRITE completes with one READ response, ONLY and empty, as rxe's completer takes it. */
    private void empty(ByteBuffer packet, Opcode opcode, SendWork work, int psn, int payload) {
        boolean fits = opcode == Opcode.RC_RDMA_READ_RESPONSE_ONLY && psn == work.lastPsn && payload == 0;
        if (!fits || !positiveAeth(packet)) {
            requester.fail(WcStatus.BAD_RESP_ERR);
            return;
        }
        finish(psn);
    }

    private static boolean positiveAeth(ByteBuffer packet) {
        Opcode opcode = Opcode.of(Bth.opcode(packet, 0));
        return !opcode.carries(ExtensionHeader.AETH)
                || AckType.of(Aeth.syndrome(packet, opcode.offsetOf(ExtensionHeader.AETH))) == AckType.ACK;
    }

    private void finish(int psn) {
        requester.resetRetries();
        requester.acknowledgedBefore(Psn.add(psn, 1));
        requester.completeHead(WcStatus.SUCCESS);
    }
}
