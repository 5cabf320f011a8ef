package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/** A parent domain is an alias of its protection domain, which it keeps busy. */
class ParentDomainTest {

    private final Rig rig = new Rig();
    private final ProtectionDomain parent = rig.context.allocateParentDomain(rig.pd);

    @AfterEach
    void tearDown() {
        rig.close();
    }

    @Test
    void itIsAParentDomainAndKeepsItsProtectionDomainBusy() {
        assertThat(parent.isParentDomain()).isTrue();
        assertThat(rig.pd.isParentDomain()).isFalse();
        assertThatThrownBy(rig.pd::close).isInstanceOf(BusyException.class);
        parent.close();
        rig.pd.close();
        assertThat(rig.pd.isClosed()).isTrue();
    }

    @Test
    void aQueuePairAndACqOfTheParentDomainCarryTrafficWithRegionsOfItsProtectionDomain() {
        CompletionQueue cq = rig.context.createCompletionQueue(CqInitAttributes.builder(16).parentDomain(parent)
                .wcFlags(Rig.ALL_FIELDS).build());
        QueuePair a = rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, parent, cq,
                new QpCapabilities(4, 4, 1, 1, 0)).sendOpsFlags(Rig.RC_OPS).build());
        QueuePair b = rig.qp(QpType.RC, cq, 4);
        rig.connectPair(a, b);
        MemoryRegion source = parent.registerMemory(rig.arena.allocate(64, 8), Rig.ALL_ACCESS);
        MemoryRegion target = rig.region(64);
        Rig.fill(source.segment(), 9);
        Rig.postRecv(b, 2, target, 0, 64);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value()).send().setSge(source.lkey(), source.address(), 64);
        ops.complete();

        Wc first = Rig.poll(cq);
        Wc second = Rig.poll(cq);
        assertThat(first.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(second.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(first.opcode() == WcOpcode.RECV ? first : second).extracting(Wc::byteLen).isEqualTo(64);
        assertThat(target.segment().toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(source.segment().toArray(ValueLayout.JAVA_BYTE));
        assertThat(a.protectionDomain()).isSameAs(parent);
        assertThat(source.protectionDomain()).isSameAs(parent);
        assertThatThrownBy(parent::close).isInstanceOf(BusyException.class);
    }

    @Test
    void onlyAProtectionDomainGetsAParentAndOnlyAParentDomainGoesToACq() {
        assertThatThrownBy(() -> rig.context.allocateParentDomain(parent)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.context.createCompletionQueue(CqInitAttributes.builder(4).parentDomain(rig.pd)
                .build())).isInstanceOf(InvalidArgumentException.class);
    }
}
