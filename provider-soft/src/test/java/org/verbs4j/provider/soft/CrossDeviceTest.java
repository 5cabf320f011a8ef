package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Destination;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcStatus;

/** Queue pairs on different soft devices of the JVM reach each other (the surefire run has two devices). */
class CrossDeviceTest {

    private final Arena arena = Arena.ofShared();
    private final Context soft0 = new SoftProvider().devices().get(0).open();
    private final Context soft1 = new SoftProvider().devices().get(1).open();

    @AfterEach
    void tearDown() {
        arena.close();
    }

    @Test
    void theDevicesHaveDistinctIdentities() {
        assertThat(soft1.device().name()).isEqualTo("soft1");
        assertThat(soft1.device().nodeGuid()).isNotEqualTo(soft0.device().nodeGuid());
        assertThat(soft1.queryGid(1, 0)).isNotEqualTo(soft0.queryGid(1, 0));
        assertThat(soft1.queryGid(1, 1)).isNotEqualTo(soft0.queryGid(1, 1));
    }

    @Test
    void rcTrafficCrossesDevicesWhenThePathNamesThePeersGid() {
        Side left = new Side(soft0);
        Side right = new Side(soft1);
        left.connect(right, soft1.queryGid(1, 1));
        right.connect(left, soft0.queryGid(1, 1));
        Rig.fill(left.mr.segment(), 17);
        Rig.postRecv(right.qp, 4, right.mr, 0, 128);
        left.send(1, 128);
        assertThat(Rig.poll(left.cq).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.poll(right.cq).wrId()).isEqualTo(4);
        assertThat(right.mr.segment().asSlice(0, 128).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(left.mr.segment().asSlice(0, 128).toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void aPathToTheWrongDeviceDoesNotArrive() {
        Side left = new Side(soft0);
        Side right = new Side(soft1);
        left.connect(right, soft0.queryGid(1, 0));
        right.connect(left, soft0.queryGid(1, 0));
        Rig.postRecv(right.qp, 4, right.mr, 0, 128);
        left.send(1, 8);
        assertThat(Rig.poll(left.cq).status()).as("soft0's GID does not lead to the QP on soft1")
                .isEqualTo(WcStatus.RETRY_EXC_ERR);
    }

    private final class Side {
        final ProtectionDomain pd;
        final CompletionQueue cq;
        final QueuePair qp;
        final MemoryRegion mr;

        Side(Context context) {
            pd = context.allocateProtectionDomain();
            cq = context.createCompletionQueue(CqInitAttributes.builder(16).wcFlags(Rig.ALL_FIELDS).build());
            qp = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq, new QpCapabilities(4, 4, 1, 1, 0))
                    .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
            mr = pd.registerMemory(arena.allocate(4096), Rig.ALL_ACCESS);
        }

        /** Connects through the local GID at index 1 to {@code remote}'s queue pair, as if it were at {@code remoteGid}. */
        void connect(Side remote, org.verbs4j.Gid remoteGid) {
            new ConnectRecipe(1, Mtu.MTU_1024, 0, 1, 64, Rig.ALL_ACCESS, ConnectRecipe.QKEY, 14, 1)
                    .connectFromReset(qp, 0, new Destination(0, remote.qp.qpNum(), 0, remoteGid), 1);
        }

        void send(long wrId, int bytes) {
            SendOps ops = qp.sendOps();
            ops.start();
            ops.wrId(wrId).wrFlags((int) SendFlag.SIGNALED.value()).send().setSge(mr.lkey(), mr.address(), bytes);
            ops.complete();
        }
    }
}
