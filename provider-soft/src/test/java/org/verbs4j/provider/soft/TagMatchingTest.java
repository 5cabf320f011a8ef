package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.OpsFlag;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendOps;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqOpcode;
import org.verbs4j.SrqOperation;
import org.verbs4j.TmCap;
import org.verbs4j.TmInfo;
import org.verbs4j.TmhOpcode;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/** The scenarios of rdma-core's test_tag_matching.py, and the TM error paths. */
class TagMatchingTest {

    private static final ValueLayout.OfLong BE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int SIGNALED = (int) OpsFlag.SIGNALED.value();
    private static final int TM_SYNC = (int) OpsFlag.TM_SYNC.value();
    private static final int MATCH = (int) WcFlag.TM_MATCH.value();
    private static final int DATA_VALID = (int) WcFlag.TM_DATA_VALID.value();

    private final Rig rig = new Rig();
    private final CompletionQueue serverCq = tmCq();
    private final CompletionQueue clientCq = tmCq();
    private final SharedReceiveQueue srq = rig.context.createSharedReceiveQueue(SrqInitAttributes.tagMatching(
            rig.pd, 64, 1, serverCq, new TmCap(16, 10)));
    private final QueuePair server = rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd,
            serverCq, new QpCapabilities(0, 0, 0, 0, 0)).srq(srq).build());
    private final QueuePair client = rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd,
            clientCq, new QpCapabilities(16, 40, 1, 1, 0)).sendOpsFlags(EnumSet.of(org.verbs4j.SendOpsFlag.SEND))
            .build());
    private final MemoryRegion clientMr = rig.region(8192);
    private final MemoryRegion serverMr = rig.region(65536);
    private final TmInfo info = new TmInfo();
    private int unexpectedCount;

    TagMatchingTest() {
        rig.connectPair(client, server);
        for (int i = 0; i < 33; i++) {
            ReceiveRequest request = new ReceiveRequest(1).wrId(1000 + i);
            request.sgList().add(serverMr, 32768 + 256L * i, 256);
            srq.postReceive(request);
            Rig.postRecv(client, 2000 + i, clientMr, 4096 + 64L * i, 64);
        }
    }

    private CompletionQueue tmCq() {
        EnumSet<CompletionField> fields = EnumSet.copyOf(CompletionField.STANDARD);
        fields.add(CompletionField.TM_INFO);
        return rig.context.createCompletionQueue(CqInitAttributes.builder(256).wcFlags(fields).build());
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    private SrqOperation add(long tag, long offset, int length, int flags) {
        SrqOperation op = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).wrId(tag).recvWrId(tag).tag(tag).mask(0xffff)
                .flags(flags);
        op.sgList().add(serverMr, offset, length);
        srq.postOps(op);
        return op;
    }

    private void sendMessage(TmhOpcode opcode, long tag, int appContext, int payload, long extraHeader) {
        MemorySegment message = clientMr.segment();
        message.set(ValueLayout.JAVA_BYTE, 0, (byte) opcode.value());
        message.set(ValueLayout.JAVA_BYTE, 1, (byte) 0);
        message.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2, (short) 0);
        message.set(BE_INT, 4, appContext);
        message.set(BE_LONG, 8, tag);
        for (int i = 0; i < payload; i++) {
            message.set(ValueLayout.JAVA_BYTE, 16 + extraHeader + i, (byte) (tag + i * 7));
        }
        SendOps ops = client.sendOps();
        ops.start();
        ops.wrId(tag).wrFlags(0).send().setSge(clientMr.lkey(), clientMr.address(), (int) (16 + extraHeader + payload));
        ops.complete();
    }

    private byte[] expectedPayload(long tag, int payload) {
        byte[] bytes = new byte[payload];
        for (int i = 0; i < payload; i++) {
            bytes[i] = (byte) (tag + i * 7);
        }
        return bytes;
    }

    @Test
    void expectedEagerMessagesLandInTheirTaggedBuffers() {
        for (long tag = 1; tag <= 9; tag++) {
            add(tag, tag * 1024, 1024, SIGNALED);
            assertThat(serverCq.startPoll()).isTrue();
            assertThat(serverCq.readOpcode()).isEqualTo(WcOpcode.TM_ADD);
            assertThat(serverCq.wrId()).isEqualTo(tag);
            assertThat(serverCq.status()).isEqualTo(WcStatus.SUCCESS);
            serverCq.endPoll();
        }
        for (long tag = 9; tag >= 1; tag--) {
            sendMessage(TmhOpcode.EAGER, tag, (int) tag * 3, 100, 0);
            assertThat(serverCq.startPoll()).isTrue();
            assertThat(serverCq.readOpcode()).isEqualTo(WcOpcode.TM_RECV);
            assertThat(serverCq.wrId()).isEqualTo(tag);
            assertThat(serverCq.readWcFlags()).isEqualTo(MATCH | DATA_VALID);
            assertThat(serverCq.readByteLen()).isEqualTo(100);
            serverCq.readTmInfo(info);
            assertThat(info.tag()).isEqualTo(tag);
            assertThat(info.priv()).isEqualTo((int) tag * 3);
            serverCq.endPoll();
            assertThat(serverMr.segment().asSlice(tag * 1024, 100).toArray(ValueLayout.JAVA_BYTE))
                    .isEqualTo(expectedPayload(tag, 100));
        }
    }

    @Test
    void unexpectedMessagesGoWholeToTheSrqAndDisableMatchingUntilSync() {
        add(0x1234, 0, 512, 0);
        sendMessage(TmhOpcode.EAGER, 0x9999, 0, 40, 0);
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.readOpcode()).isEqualTo(WcOpcode.TM_RECV);
        assertThat(serverCq.readWcFlags()).isZero();
        assertThat(serverCq.wrId()).isEqualTo(1000);
        assertThat(serverCq.readByteLen()).isEqualTo(56);
        serverCq.readTmInfo(info);
        assertThat(info.tag()).isZero();
        serverCq.endPoll();
        unexpectedCount++;
        assertThat(serverMr.segment().asSlice(32768, 56).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(clientMr.segment().asSlice(0, 56).toArray(ValueLayout.JAVA_BYTE));

        sendMessage(TmhOpcode.EAGER, 0x1234, 0, 8, 0);
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.readWcFlags()).as("matching stays off until software syncs").isZero();
        assertThat(serverCq.wrId()).isEqualTo(1001);
        serverCq.endPoll();
        unexpectedCount++;

        srq.postOps(new SrqOperation(0).opcode(SrqOpcode.TAG_SYNC).wrId(27).flags(SIGNALED | TM_SYNC)
                .unexpectedCnt(unexpectedCount));
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.readOpcode()).isEqualTo(WcOpcode.TM_SYNC);
        assertThat(serverCq.wrId()).isEqualTo(27);
        serverCq.endPoll();
        sendMessage(TmhOpcode.EAGER, 0x1234, 0, 8, 0);
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.readWcFlags()).isEqualTo(MATCH | DATA_VALID);
        serverCq.endPoll();
    }

    @Test
    void anEagerMessageLongerThanThePathMtuCompletesInTwoSteps() {
        add(0x21, 0, 8192, 0);
        sendMessage(TmhOpcode.EAGER, 0x21, 4, 3000, 0);
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.readWcFlags()).isEqualTo(MATCH);
        assertThat(serverCq.wrId()).isEqualTo(0x21);
        assertThat(serverCq.nextPoll()).isTrue();
        assertThat(serverCq.readWcFlags()).isEqualTo(DATA_VALID);
        assertThat(serverCq.readByteLen()).isEqualTo(3000);
        serverCq.endPoll();
        assertThat(serverMr.segment().asSlice(0, 3000).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(expectedPayload(0x21, 3000));
    }

    @Test
    void anAddWhileOutOfSyncAsksForSync() {
        sendMessage(TmhOpcode.EAGER, 0x5, 0, 8, 0);
        Rig.poll(serverCq);
        add(0x5, 0, 64, SIGNALED);
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.readOpcode()).isEqualTo(WcOpcode.TM_ADD);
        assertThat(serverCq.readWcFlags() & WcFlag.TM_SYNC_REQ.value()).isNotZero();
        serverCq.endPoll();
    }

    @Test
    void noTagMessagesAreNotCountedAsUnexpected() {
        add(0x77, 0, 64, 0);
        sendMessage(TmhOpcode.NO_TAG, 0, 0, 20, 0);
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.readOpcode()).isEqualTo(WcOpcode.TM_NO_TAG);
        assertThat(serverCq.readWcFlags()).isZero();
        assertThat(serverCq.readByteLen()).isEqualTo(36);
        serverCq.endPoll();
        sendMessage(TmhOpcode.EAGER, 0x77, 0, 20, 0);
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.readWcFlags()).as("still in sync").isEqualTo(MATCH | DATA_VALID);
        serverCq.endPoll();
    }

    @Test
    void rendezvousReadsThePayloadAndSendsTheFin() {
        MemorySegment source = clientMr.segment().asSlice(2048, 1500);
        Rig.fill(source, 13);
        add(0x42, 4096, 2048, 0);
        MemorySegment rvh = clientMr.segment();
        rvh.set(BE_LONG, 16, clientMr.address() + 2048);
        rvh.set(BE_INT, 24, clientMr.rkey());
        rvh.set(BE_INT, 28, 1500);
        sendMessage(TmhOpcode.RNDV, 0x42, 9, 0, 16);
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.readOpcode()).isEqualTo(WcOpcode.TM_RECV);
        assertThat(serverCq.readWcFlags()).isEqualTo(MATCH);
        assertThat(serverCq.nextPoll()).isTrue();
        assertThat(serverCq.readOpcode()).isEqualTo(WcOpcode.TM_RECV);
        assertThat(serverCq.readWcFlags()).isEqualTo(DATA_VALID);
        assertThat(serverCq.wrId()).isEqualTo(0x42);
        assertThat(serverCq.readByteLen()).isEqualTo(1500);
        serverCq.endPoll();
        assertThat(serverMr.segment().asSlice(4096, 1500).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(source.toArray(ValueLayout.JAVA_BYTE));
        Wc fin = Rig.poll(clientCq);
        assertThat(fin.opcode()).isEqualTo(WcOpcode.RECV);
        assertThat(fin.byteLen()).isEqualTo(32);
        assertThat(clientMr.segment().get(ValueLayout.JAVA_BYTE, 4096)).isEqualTo((byte) TmhOpcode.FIN.value());
    }

    @Test
    void aRendezvousTooLargeForTheBufferIsIncomplete() {
        add(0x43, 4096, 64, 0);
        MemorySegment rvh = clientMr.segment();
        rvh.set(BE_LONG, 16, clientMr.address() + 2048);
        rvh.set(BE_INT, 24, clientMr.rkey());
        rvh.set(BE_INT, 28, 1500);
        sendMessage(TmhOpcode.RNDV, 0x43, 0, 0, 16);
        assertThat(serverCq.startPoll()).isTrue();
        assertThat(serverCq.status()).isEqualTo(WcStatus.TM_RNDV_INCOMPLETE);
        serverCq.endPoll();
        assertThat(serverMr.segment().asSlice(4096, 32).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(clientMr.segment().asSlice(0, 32).toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void deletingAConsumedTagIsATagMatchingErrorAndAFullListIsOutOfMemory() {
        SrqOperation added = add(0x10, 0, 64, 0);
        sendMessage(TmhOpcode.EAGER, 0x10, 0, 8, 0);
        Rig.poll(serverCq);
        srq.postOps(new SrqOperation(0).opcode(SrqOpcode.TAG_DEL).handle(added.handle()).wrId(5).flags(SIGNALED));
        Wc deleted = Rig.poll(serverCq);
        assertThat(deleted.wrId()).isEqualTo(5);
        assertThat(deleted.status()).isEqualTo(WcStatus.TM_ERR);
        SrqOperation live = add(0x11, 0, 64, 0);
        srq.postOps(new SrqOperation(0).opcode(SrqOpcode.TAG_DEL).handle(live.handle()).wrId(6).flags(SIGNALED));
        Wc ok = Rig.poll(serverCq);
        assertThat(ok.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(ok.opcode()).isEqualTo(WcOpcode.TM_DEL);
        for (int i = 0; i < 16; i++) {
            add(0x100 + i, 0, 8, 0);
        }
        SrqOperation overflow = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).tag(1).mask(1);
        assertThatThrownBy(() -> srq.postOps(overflow)).isInstanceOf(OutOfResourcesException.class)
                .satisfies(e -> assertThat(((org.verbs4j.VerbsException) e).failedRequest()).isSameAs(overflow));
    }
}
