package org.verbs4j.provider.soft.wire.roce.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.AckType;
import org.verbs4j.provider.soft.wire.roce.Feth;
import org.verbs4j.provider.soft.wire.roce.NakCode;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.Transport;

/**
 * ATOMIC WRITE and FLUSH between a requester and a responder: the packets byte for byte as rxe lays them out
 * (BTH, then RETH and 8 bytes; BTH, FETH, RETH), rxe's answer to both (an RDMA READ response, ONLY, without
 * payload), the key and queue pair checks, and the replay of a duplicate without executing it again.
 */
class AtomicWriteAndFlushTest {

    private static final int MTU = 256;
    private static final int PSN = 500;
    private static final HexFormat HEX = HexFormat.of();

    private final TestHost sender = new TestHost(0, 0);
    private final TestHost target = new TestHost(1 << 12, 0);
    private final CapturedPackets requests = new CapturedPackets();
    private final CapturedPackets answers = new CapturedPackets();
    private final Requester requester = new Requester(new RequesterConfig(Transport.RC, 0x22, PSN, MTU, 4, 14, 7, 7,
            16), requests, sender, sender);
    private Responder responder = responder(EnumSet.allOf(RemoteAccess.class));

    @Test
    void anAtomicWriteIsBthRethAndTheEightBytesAsRxeSendsIt() {
        requester.nextSlot().atomicWrite(1, 0x1122_3344_5566_7788L, 0xAABB_CCDD, 0x0102_0304_0506_0708L);
        requester.post(0);

        assertThat(HEX.formatHex(requests.get(0).array())).isEqualTo(
                "1d00ffff" + "00000022" + "800001f4" // BTH: opcode 0x1D, P_Key, dest QP 0x22, AckReq, PSN 500
                        + "1122334455667788" + "aabbccdd" + "00000008" // RETH: address, R_Key, DMA length 8
                        + "0102030405060708" // the 8 bytes, in memory order
                        + "00000000"); // ICRC room
    }

    @Test
    void aFlushIsBthFethRethAsRxeSendsIt() {
        requester.nextSlot().flush(1, 0x1000L, 0x42, 0x300, Feth.PERSISTENT, Feth.RANGE);
        requester.post(0);
        requester.nextSlot().flush(2, 0x1000L, 0x42, 0, Feth.GLOBAL, Feth.REGION);
        requester.post(0);

        assertThat(HEX.formatHex(requests.get(0).array())).isEqualTo(
                "1c00ffff" + "00000022" + "800001f4" // BTH: opcode 0x1C
                        + "00000002" // FETH: selectivity level 0 (range), placement type 2 (persistent)
                        + "0000000000001000" + "00000042" + "00000300" // RETH
                        + "00000000");
        assertThat(HEX.formatHex(requests.get(1).array(), 12, 16)).as("FETH: level 1 (region), type 1 (global)")
                .isEqualTo("00000011");
    }

    @Test
    void theFethCodecReadsBackWhatRxeWrites() {
        ByteBuffer feth = ByteBuffer.wrap(HEX.parseHex("00000013"));

        assertThat(Feth.placementType(feth, 0)).isEqualTo(3);
        assertThat(Feth.selectivityLevel(feth, 0)).isEqualTo(1);
        assertThat(Opcode.RC_FLUSH.headerBytes()).isEqualTo(12 + 4 + 16);
        assertThat(Opcode.RC_ATOMIC_WRITE.headerBytes()).isEqualTo(12 + 16);
        assertThat(Opcode.of(0x1C)).isEqualTo(Opcode.RC_FLUSH);
        assertThat(Opcode.of(0x1D)).isEqualTo(Opcode.RC_ATOMIC_WRITE);
    }

    @Test
    void anAtomicWriteStoresTheBytesAndIsAnsweredByAnEmptyReadResponse() {
        atomicWrite(1, TestHost.BASE + 16, 0x0102_0304_0506_0708L);
        deliver(0);

        assertThat(HEX.formatHex(target.memory, 16, 24)).isEqualTo("0102030405060708");
        assertEmptyReadResponse(0, PSN);
        requester.onResponse(answers.get(0), answers.get(0).capacity(), 0);
        assertThat(sender.sendCompletions).containsExactly(
                new TestHost.SendCompletion(1, WcOpcode.ATOMIC_WRITE, WcStatus.SUCCESS, Long.BYTES));
    }

    @Test
    void aDuplicateAtomicWriteIsAnsweredAgainAndNotStoredAgain() {
        atomicWrite(1, TestHost.BASE, 7);
        deliver(0);
        target.memory[7] = 9; // a later write the duplicate must not undo

        deliver(0);

        assertThat(target.atomicWrites).isEqualTo(1);
        assertThat(target.memory[7]).isEqualTo((byte) 9);
        assertEmptyReadResponse(1, PSN);
        assertThat(responder.expectedPsn()).isEqualTo(PSN + 1);
    }

    @Test
    void anAtomicWriteOutsideTheKeyGetsARemoteAccessNakAndAMisalignedOneAnInvalidRequestNak() {
        atomicWrite(1, TestHost.BASE + (1 << 12), 1);
        deliver(0);
        assertNak(NakCode.REMOTE_ACCESS_ERROR);

        responder = responder(EnumSet.allOf(RemoteAccess.class), PSN + 1);
        atomicWrite(2, TestHost.BASE + 4, 1);
        deliver(1);
        assertNak(NakCode.INVALID_REQUEST);
        assertThat(target.atomicWrites).isZero();
    }

    @Test
    void anAtomicWriteNeedsRemoteWriteOfTheQueuePair() {
        responder = responder(EnumSet.of(RemoteAccess.ATOMIC, RemoteAccess.READ));
        atomicWrite(1, TestHost.BASE, 1);
        deliver(0);

        assertNak(NakCode.INVALID_REQUEST);
    }

    @Test
    void aFlushOfARangeTheKeyGrantsIsExecutedAndAnsweredByAnEmptyReadResponse() {
        flush(1, TestHost.BASE, 64, Feth.GLOBAL, Feth.RANGE);
        deliver(0);

        assertThat(target.flushes).isEqualTo(1);
        assertEmptyReadResponse(0, PSN);
        requester.onResponse(answers.get(0), answers.get(0).capacity(), 0);
        assertThat(sender.sendCompletions).extracting(TestHost.SendCompletion::opcode, TestHost.SendCompletion::status)
                .containsExactly(Tuple.tuple(WcOpcode.FLUSH, WcStatus.SUCCESS));
    }

    @Test
    void aDuplicateFlushIsAnsweredAgainWithoutAnotherFlush() {
        flush(1, TestHost.BASE, 64, Feth.GLOBAL, Feth.REGION);
        deliver(0);
        deliver(0);

        assertThat(target.flushes).isEqualTo(1);
        assertEmptyReadResponse(1, PSN);
    }

    @Test
    void aPersistentFlushToARegionGrantingGlobalOnlyGetsARemoteAccessNak() {
        flush(1, TestHost.BASE, 64, Feth.PERSISTENT, Feth.RANGE);
        deliver(0);

        assertNak(NakCode.REMOTE_ACCESS_ERROR);
        assertThat(target.flushes).isZero();
    }

    @Test
    void aFlushOfARangeBeyondTheRegionGetsARemoteAccessNakButTheWholeRegionIsNotRangeChecked() {
        flush(1, TestHost.BASE + (1 << 12) - 8, 64, Feth.GLOBAL, Feth.RANGE);
        deliver(0);
        assertNak(NakCode.REMOTE_ACCESS_ERROR);

        responder = responder(EnumSet.allOf(RemoteAccess.class), PSN + 1);
        flush(2, TestHost.BASE + (1 << 12) - 8, 64, Feth.GLOBAL, Feth.REGION);
        deliver(1);
        assertEmptyReadResponse(answers.size() - 1, PSN + 1);
    }

    @Test
    void aFlushTheQueuePairDoesNotAllowGetsAnInvalidRequestNakAsRxeGives() {
        responder = responder(EnumSet.of(RemoteAccess.WRITE, RemoteAccess.FLUSH_PERSISTENT));
        flush(1, TestHost.BASE, 64, Feth.GLOBAL, Feth.RANGE);
        deliver(0);

        assertNak(NakCode.INVALID_REQUEST);
    }

    @Test
    void aFlushAndAnAtomicWriteEachTakeAReadCreditOfTheRequester() {
        for (int i = 1; i <= 5; i++) {
            atomicWrite(i, TestHost.BASE, i);
        }

        assertThat(requests.size()).as("max_rd_atomic 4: the fifth waits").isEqualTo(4);
        deliver(0);
        requester.onResponse(answers.get(0), answers.get(0).capacity(), 0);
        assertThat(requests.size()).as("the first one's answer gave its credit back").isEqualTo(5);
    }

    private void atomicWrite(long wrId, long address, long value) {
        requester.nextSlot().atomicWrite(wrId, address, TestHost.RKEY, value);
        requester.post(0);
    }

    private void flush(long wrId, long address, long length, int type, int level) {
        requester.nextSlot().flush(wrId, address, TestHost.RKEY, length, type, level);
        requester.post(0);
    }

    private void deliver(int i) {
        ByteBuffer packet = requests.get(i);
        responder.onRequest(packet, packet.capacity());
    }

    private void assertEmptyReadResponse(int i, int psn) {
        assertThat(answers.size()).isEqualTo(i + 1);
        assertThat(answers.opcode(i)).isEqualTo(Opcode.RC_RDMA_READ_RESPONSE_ONLY);
        assertThat(answers.ackType(i)).isEqualTo(AckType.ACK);
        assertThat(answers.psn(i)).isEqualTo(psn);
        assertThat(answers.payloadLength(i)).isZero();
    }

    private void assertNak(NakCode code) {
        int last = answers.size() - 1;
        assertThat(answers.opcode(last)).isEqualTo(Opcode.RC_ACKNOWLEDGE);
        assertThat(answers.ackType(last)).isEqualTo(AckType.NAK);
        assertThat(NakCode.of(answers.aethValue(last))).isEqualTo(code);
        assertThat(responder.failed()).isTrue();
    }

    private Responder responder(Set<RemoteAccess> access) {
        return responder(access, PSN);
    }

    private Responder responder(Set<RemoteAccess> access, int expectedPsn) {
        return new Responder(new ResponderConfig(Transport.RC, 0x11, expectedPsn, MTU, 2, 12, access), answers,
                target);
    }
}
