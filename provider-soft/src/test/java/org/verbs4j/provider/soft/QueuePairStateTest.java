package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Errno;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpCreateFlag;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.WcStatus;

class QueuePairStateTest {

    private final Rig rig = new Rig();
    private final CompletionQueue cq = rig.cq(256);
    private final MemoryRegion mr = rig.region(256);

    @AfterEach
    void tearDown() {
        rig.close();
    }

    private static QpAttributes init() {
        return new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(1)
                .qpAccessFlags(Set.of(AccessFlag.REMOTE_WRITE));
    }

    @Test
    void resetToInitRequiresItsAttributesAndRefusesOthers() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        assertThat(qp.state()).isEqualTo(QpState.RESET);
        assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(1)))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("ACCESS_FLAGS");
        assertThatThrownBy(() -> qp.modify(init().qkey(5))).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("QKEY");
        assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.ERR)))
                .as("RESET -> ERR is not a transition").isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> qp.modify(init().portNum(2))).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(1)
                .qpAccessFlags(Set.of(AccessFlag.ZERO_BASED)))).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> qp.modify(init().pkeyIndex(1))).isInstanceOf(InvalidArgumentException.class);
        assertThat(qp.state()).as("a failed modify changes nothing").isEqualTo(QpState.RESET);
        qp.modify(init());
        assertThat(qp.state()).isEqualTo(QpState.INIT);
        assertThat(qp.query(Set.of(QpAttrMask.ACCESS_FLAGS)).qpAccessFlags()).containsExactly(AccessFlag.REMOTE_WRITE);
    }

    @Test
    void aRefusedModifyNamesTheTransitionTheMaskAndWhatIsMissing() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0)
                .qpAccessFlags(Set.of()))).hasMessage("ibv_modify_qp failed: " + Errno.describe(Errno.EINVAL.code())
                + ": RC RESET -> INIT with mask [STATE (qpState), ACCESS_FLAGS (qpAccessFlags), PKEY_INDEX (pkeyIndex)]"
                + ": missing required [PORT (portNum)]");
    }

    @Test
    void aRefusedModifyNamesWhatTheTransitionDoesNotAllow() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        assertThatThrownBy(() -> qp.modify(init().qkey(5).timeout(14)))
                .hasMessageEndingWith(": RC RESET -> INIT with mask [STATE (qpState), ACCESS_FLAGS (qpAccessFlags),"
                        + " PKEY_INDEX (pkeyIndex), PORT (portNum), QKEY (qkey), TIMEOUT (timeout)]"
                        + ": not allowed [QKEY (qkey), TIMEOUT (timeout)]");
    }

    @Test
    void aTransitionThatDoesNotExistIsNamed() {
        QueuePair qp = rig.qp(QpType.UD, cq, 4);
        assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.RTS).sqPsn(0)))
                .hasMessageEndingWith(": UD RESET -> RTS with mask [STATE (qpState), SQ_PSN (sqPsn)]"
                        + ": no such transition");
    }

    @Test
    void aRefusedValueIsNamedWithItsTransition() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        assertThatThrownBy(() -> qp.modify(init().portNum(2))).hasMessageEndingWith(
                ": RC RESET -> INIT with mask [STATE (qpState), ACCESS_FLAGS (qpAccessFlags),"
                        + " PKEY_INDEX (pkeyIndex), PORT (portNum)]: port 2 does not exist");
    }

    @Test
    void rcInitToRtrRequiresThePathAndRtrToRtsTheTimers() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        qp.modify(init());
        QpAttributes partial = new QpAttributes().qpState(QpState.RTR).ahAttr(rig.addressOf(rig.context))
                .pathMtu(Mtu.MTU_1024).destQpNum(qp.qpNum()).rqPsn(0);
        assertThatThrownBy(() -> qp.modify(partial)).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("MAX_DEST_RD_ATOMIC");
        qp.modify(partial.maxDestRdAtomic(1).minRnrTimer(12));
        assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.RTS).sqPsn(0)))
                .isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.RTS).sqPsn(0).timeout(14).retryCnt(7)
                .rnrRetry(8).maxRdAtomic(1))).as("rnr_retry above 7").isInstanceOf(InvalidArgumentException.class);
        qp.modify(new QpAttributes().qpState(QpState.RTS).sqPsn(0x1234567).timeout(14).retryCnt(7).rnrRetry(7)
                .maxRdAtomic(1).curQpState(QpState.RTR));
        assertThat(qp.state()).isEqualTo(QpState.RTS);
        assertThat(qp.query(Set.of(QpAttrMask.SQ_PSN)).sqPsn()).as("PSNs are 24 bits").isEqualTo(0x234567);
        qp.modify(new QpAttributes().qpState(QpState.SQD));
        qp.modify(new QpAttributes().qpState(QpState.RTS));
        qp.modify(new QpAttributes().minRnrTimer(3));
        assertThat(qp.query(Set.of(QpAttrMask.MIN_RNR_TIMER)).minRnrTimer()).isEqualTo(3);
        assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.INIT)))
                .isInstanceOf(InvalidArgumentException.class);
        qp.modify(new QpAttributes().qpState(QpState.RESET));
        assertThat(qp.state()).isEqualTo(QpState.RESET);
    }

    @Test
    void udTransitionsUseTheQkey() {
        QueuePair qp = rig.qp(QpType.UD, cq, 4);
        assertThatThrownBy(() -> qp.modify(init())).isInstanceOf(InvalidArgumentException.class);
        rig.toRtsUd(qp, 0x11111111);
        assertThat(qp.query(Set.of(QpAttrMask.QKEY)).qkey()).isEqualTo(0x11111111);
        qp.modify(new QpAttributes().qkey(0x22));
        assertThat(qp.query(Set.of(QpAttrMask.QKEY)).qkey()).isEqualTo(0x22);
    }

    @Test
    void postingRulesFollowTheKernel() {
        QueuePair qp = rig.qp(QpType.RC, cq, 2);
        ReceiveRequest request = new ReceiveRequest(8).wrId(1);
        request.sgList().add(mr, 0, 8);
        assertThatThrownBy(() -> qp.postReceive(request)).isInstanceOf(InvalidArgumentException.class)
                .satisfies(e -> assertThat(((VerbsException) e).failedRequest()).isSameAs(request));
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(0).send().setSge(mr.lkey(), mr.address(), 8);
        assertThatThrownBy(ops::complete).as("sends need RTS").isInstanceOf(InvalidArgumentException.class);
        qp.modify(init());
        qp.postReceive(request);
        qp.postReceive(request);
        assertThatThrownBy(() -> qp.postReceive(request)).isInstanceOf(OutOfResourcesException.class);
        ReceiveRequest wide = new ReceiveRequest(8);
        for (int i = 0; i < qp.capabilities().maxRecvSge() + 1; i++) {
            wide.sgList().add(mr, 0, 1);
        }
        qp.modify(new QpAttributes().qpState(QpState.RESET));
        qp.modify(init());
        assertThatThrownBy(() -> qp.postReceive(wide)).isInstanceOf(InvalidArgumentException.class);
    }

    @Test
    void aFullSendQueueRefusesTheWholeBatch() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        rig.connect(qp, qp, Rig.ALL_ACCESS, 7);
        SendOps ops = qp.sendOps();
        ops.start();
        for (int i = 0; i <= qp.capabilities().maxSendWr(); i++) {
            ops.wrId(i).wrFlags((int) org.verbs4j.SendFlag.SIGNALED.value()).rdmaWrite(mr.rkey(), mr.address())
                    .setSge(mr.lkey(), mr.address() + 64, 8);
        }
        assertThatThrownBy(ops::complete).isInstanceOf(OutOfResourcesException.class);
        assertThat(Rig.empty(cq)).as("nothing of the batch was posted").isTrue();
        for (int round = 0; round < 3; round++) {
            ops.start();
            for (int i = 0; i < 3; i++) {
                ops.wrId(i).wrFlags(0).rdmaWrite(mr.rkey(), mr.address()).setSge(mr.lkey(), mr.address() + 64, 8);
            }
            ops.wrId(100 + round).wrFlags((int) org.verbs4j.SendFlag.SIGNALED.value())
                    .rdmaWrite(mr.rkey(), mr.address()).setSge(mr.lkey(), mr.address() + 64, 8);
            ops.complete();
            assertThat(Rig.poll(cq).wrId()).as("polling the signaled request frees its unsignaled predecessors")
                    .isEqualTo(100 + round);
        }
        ops.start();
        ops.wrId(1).wrFlags(0).rdmaWrite(mr.rkey(), mr.address()).setSge(mr.lkey(), mr.address() + 64, 8);
        ops.wrId(2).wrFlags(0).rdmaWrite(mr.rkey(), mr.address()).setSge(mr.lkey(), mr.address() + 64, 8);
        ops.complete();
        ops.start();
        ops.wrId(3).wrFlags(0).rdmaWrite(mr.rkey(), mr.address()).setSge(mr.lkey(), mr.address() + 64, 8);
        ops.wrId(4).wrFlags(0).rdmaWrite(mr.rkey(), mr.address()).setSge(mr.lkey(), mr.address() + 64, 8);
        ops.complete();
        ops.start();
        ops.wrId(5).wrFlags(0).rdmaWrite(mr.rkey(), mr.address()).setSge(mr.lkey(), mr.address() + 64, 8);
        assertThatThrownBy(ops::complete).as("unsignaled requests occupy the queue until a later completion is polled")
                .isInstanceOf(OutOfResourcesException.class);
    }

    @Test
    void malformedRequestsFailTheBatch() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        rig.connect(qp, qp, Rig.ALL_ACCESS, 7);
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(0).send();
        assertThatThrownBy(ops::complete).hasMessageContaining("no data setter");
        ops.start();
        ops.wrId(1).wrFlags(0).send().setInlineData(rig.arena.allocate(qp.capabilities().maxInlineData() + 1));
        assertThatThrownBy(ops::complete).isInstanceOf(InvalidArgumentException.class);
        ops.start();
        ops.wrId(1).wrFlags(0).rdmaRead(mr.rkey(), mr.address()).setInlineData(rig.arena.allocate(4));
        assertThatThrownBy(ops::complete).isInstanceOf(InvalidArgumentException.class);
        ops.start();
        ops.wrId(1).wrFlags(0).atomicFetchAdd(mr.rkey(), mr.address(), 1).setSge(mr.lkey(), mr.address(), 4);
        assertThatThrownBy(ops::complete).isInstanceOf(InvalidArgumentException.class);
        ops.start();
        assertThatThrownBy(() -> ops.sendTso(rig.arena.allocate(4), 100)).isInstanceOf(InvalidArgumentException.class);
        ops.abort();
        assertThat(Rig.empty(cq)).isTrue();
    }

    @Test
    void aSendWithOneSgeKeepsEveryRuleOfTheBuilder() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        rig.connect(qp, qp, Rig.ALL_ACCESS, 7);
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(0).send().setSge(mr.lkey(), mr.address(), 8).setSge(mr.lkey(), mr.address(), 8);
        assertThatThrownBy(ops::complete).hasMessageContaining("already has its data");
        ops.start();
        ops.wrId(1).wrFlags(0).send().setSge(mr.lkey(), mr.address(), 8).setInlineData(rig.arena.allocate(4));
        assertThatThrownBy(ops::complete).hasMessageContaining("already has its data");
        SendOps datagram = rig.qp(QpType.UD, cq, 4).sendOps();
        datagram.start();
        datagram.wrId(1).wrFlags(0).send().setSge(mr.lkey(), mr.address(), 8);
        assertThatThrownBy(datagram::complete).hasMessageContaining("no ibv_wr_set_ud_addr");
        assertThat(Rig.empty(cq)).isTrue();
    }

    @Test
    void unsupportedTypesAndOptionsAreReported() {
        QpCapabilities cap = new QpCapabilities(1, 1, 1, 1, 0);
        for (QpType type : EnumSet.of(QpType.RAW_PACKET, QpType.DRIVER)) {
            assertThatThrownBy(() -> rig.context.createQueuePair(QpInitAttributes.builder(type, rig.pd, cq, cap).build()))
                    .isInstanceOf(UnsupportedVerbException.class);
        }
        assertThatThrownBy(() -> rig.context.createQueuePair(QpInitAttributes.builder(QpType.UD, rig.pd, cq, cap)
                .sendOpsFlags(Set.of(SendOpsFlag.RDMA_READ)).build())).isInstanceOf(UnsupportedVerbException.class);
        assertThatThrownBy(() -> rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd, cq, cap)
                .createFlags(Set.of(QpCreateFlag.SCATTER_FCS)).build())).isInstanceOf(UnsupportedVerbException.class);
        assertThatThrownBy(() -> rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd, cq,
                new QpCapabilities(DeviceProfile.MAX_QP_WR + 1, 1, 1, 1, 0)).build()))
                .isInstanceOf(InvalidArgumentException.class);
        QueuePair plain = rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd, cq, cap).build());
        assertThatThrownBy(plain::sendOps).isInstanceOf(UnsupportedVerbException.class);
        SendOps ops = rig.qp(QpType.UC, cq, 1).sendOps();
        ops.start();
        assertThatThrownBy(() -> ops.rdmaRead(1, 2)).as("a builder that was not requested")
                .isInstanceOf(InvalidArgumentException.class);
    }

    @Test
    void sendQueueDrainedHoldsNewRequestsUntilRts() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        rig.connect(qp, qp, Rig.ALL_ACCESS, 7);
        qp.modify(new QpAttributes().qpState(QpState.SQD).enSqdAsyncNotify(true));
        org.verbs4j.AsyncEvent drained = rig.context.getAsyncEvent(java.time.Duration.ofSeconds(1));
        assertThat(drained.type()).isEqualTo(org.verbs4j.AsyncEventType.SQ_DRAINED);
        rig.context.ackAsyncEvent(drained);
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(9).wrFlags((int) org.verbs4j.SendFlag.SIGNALED.value()).rdmaWrite(mr.rkey(), mr.address())
                .setSge(mr.lkey(), mr.address() + 64, 8);
        ops.complete();
        assertThat(Rig.empty(cq)).as("held while SQD").isTrue();
        qp.modify(new QpAttributes().qpState(QpState.RTS));
        assertThat(Rig.poll(cq)).extracting(Wc::wrId, Wc::status).containsExactly(9L, WcStatus.SUCCESS);
    }

    @Test
    void resetDiscardsWithoutCompletionsAndTheQueuePairWorksAgain() {
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        rig.connect(qp, qp, Rig.ALL_ACCESS, 7);
        Rig.postRecv(qp, 1, mr, 0, 8);
        qp.modify(new QpAttributes().qpState(QpState.RESET));
        assertThat(Rig.empty(cq)).isTrue();
        rig.connect(qp, qp, Rig.ALL_ACCESS, 7);
        Rig.postRecv(qp, 2, mr, 0, 8);
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(3).wrFlags((int) org.verbs4j.SendFlag.SIGNALED.value()).send().setSge(mr.lkey(), mr.address() + 100, 8);
        ops.complete();
        Wc first = Rig.poll(cq);
        Wc second = Rig.poll(cq);
        assertThat(java.util.List.of(first.wrId(), second.wrId())).containsExactlyInAnyOrder(2L, 3L);
        assertThat(first.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(second.status()).isEqualTo(WcStatus.SUCCESS);
    }
}
