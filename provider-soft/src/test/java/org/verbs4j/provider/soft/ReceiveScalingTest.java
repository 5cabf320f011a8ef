package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WorkQueue;
import org.verbs4j.WqInitAttributes;

/** The soft device has no Ethernet ingress, so no RSS: work queues and indirection tables are unsupported. */
class ReceiveScalingTest {

    private final Rig rig = new Rig();

    @AfterEach
    void tearDown() {
        rig.close();
    }

    @Test
    void rxHashIsReportedUnsupported() {
        assertThat(rig.context.capabilities().supports(Capability.RX_HASH)).isFalse();
    }

    @Test
    void aWorkQueueIsRefusedAsUnsupportedWithTheReason() {
        CompletionQueue cq = rig.context.createCompletionQueue(CqInitAttributes.builder(8).build());
        try {
            assertThatThrownBy(() -> rig.context.createWorkQueue(WqInitAttributes.rq(8, 1, rig.pd, cq)))
                    .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("ibv_create_wq")
                    .hasMessageContaining("no Ethernet ingress");
        } finally {
            cq.close();
        }
    }

    @Test
    void aTableIsCheckedThenRefusedAsUnsupported() {
        List<WorkQueue> three = Collections.nCopies(3, null);
        assertThatThrownBy(() -> rig.context.createIndirectionTable(three))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("power of two");
        List<WorkQueue> two = Collections.nCopies(2, null);
        assertThatThrownBy(() -> rig.context.createIndirectionTable(two))
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("ibv_create_rwq_ind_table");
    }
}
