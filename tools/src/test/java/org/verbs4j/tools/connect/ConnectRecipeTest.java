package org.verbs4j.tools.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.Destination;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.Verbs;
import org.verbs4j.WcStatus;

/** The connect recipe on the soft device: two queue pairs of one process, connected and talking. */
class ConnectRecipeTest {

    private final Context context = Verbs.open("soft0");

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void rcQueuePairsReachRtsWithThePeersNumbersAndExchangeASend() {
        ConnectRecipe recipe = ConnectRecipe.pingPong(1, Mtu.MTU_1024, 0, 0);
        try (QpResources a = resources(QpType.RC); QpResources b = resources(QpType.RC)) {
            Destination toA = connectPair(recipe, a, b);

            QpAttributes attributes = b.qp().query(EnumSet.of(QpAttrMask.DEST_QPN, QpAttrMask.RQ_PSN,
                    QpAttrMask.PATH_MTU));
            assertThat(b.qp().state()).isEqualTo(QpState.RTS);
            assertThat(attributes.destQpNum()).isEqualTo(toA.qpn());
            assertThat(attributes.rqPsn()).isEqualTo(toA.psn());
            assertThat(attributes.pathMtu()).isEqualTo(Mtu.MTU_1024);
            assertThat(sendOneMessage(a, b, null, 0)).isEqualTo(WcStatus.SUCCESS);
        }
    }

    @Test
    void udQueuePairsGetTheQkeyAndTalkThroughAnAddressHandle() {
        ConnectRecipe recipe = ConnectRecipe.pingPong(1, Mtu.MTU_1024, 0, 0);
        try (QpResources a = resources(QpType.UD); QpResources b = resources(QpType.UD)) {
            Destination toA = connectPair(recipe, a, b);
            Destination toB = Destination.of(context, 1, 0, b.qp().qpNum(), 0);

            assertThat(b.qp().query(EnumSet.of(QpAttrMask.QKEY)).qkey()).isEqualTo(ConnectRecipe.QKEY);
            try (var handle = recipe.addressHandle(a.pd(), toB)) {
                assertThat(sendOneMessage(a, b, handle, toB.qpn())).isEqualTo(WcStatus.SUCCESS);
            }
            assertThat(toA.needsGrh()).as("the soft device's GID has an interface ID").isTrue();
        }
    }

    private QpResources resources(QpType type) {
        return QpResources.builder(context, type).buffer(4096 + 40, Set.of(AccessFlag.LOCAL_WRITE))
                .depths(4, 4, 8).open();
    }

    /** @return A's destination, after both are connected to each other */
    private Destination connectPair(ConnectRecipe recipe, QpResources a, QpResources b) {
        Destination toA = Destination.of(context, 1, 0, a.qp().qpNum(), Psn.random());
        Destination toB = Destination.of(context, 1, 0, b.qp().qpNum(), Psn.random());
        recipe.toInit(a.qp());
        recipe.toInit(b.qp());
        recipe.connect(a.qp(), toA.psn(), toB);
        recipe.connect(b.qp(), toB.psn(), toA);
        return toA;
    }

    private static WcStatus sendOneMessage(QpResources a, QpResources b, AddressHandle handle, int qpn) {
        ReceiveRequest receive = new ReceiveRequest(1);
        receive.wrId(1).sgList().add(b.mr(), 0, 4096 + 40);
        b.qp().postReceive(receive);
        SendOps ops = a.qp().sendOps();
        ops.start();
        ops.wrId(2).wrFlags((int) SendFlag.SIGNALED.value()).send();
        if (handle != null) {
            ops.setUdAddr(handle, qpn, ConnectRecipe.QKEY);
        }
        ops.setSge(a.mr().lkey(), a.mr().address(), 64);
        ops.complete();
        WcStatus sent = await(a);
        return sent == WcStatus.SUCCESS ? await(b) : sent;
    }

    private static WcStatus await(QpResources side) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!side.cq().startPoll()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no completion within 5 s");
            }
            Thread.onSpinWait();
        }
        WcStatus status = side.cq().status();
        side.cq().endPoll();
        return status;
    }
}
