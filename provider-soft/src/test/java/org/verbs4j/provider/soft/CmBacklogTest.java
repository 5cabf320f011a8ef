package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.verbs4j.cm.PortSpace;

/** The backlog counts unread requests and releases held ones in order, one per read. */
class CmBacklogTest {

    private final SoftEventChannel channel = new SoftEventChannel();
    private final SoftCmId first = new SoftCmId(SoftConnectionManager.instance(), channel, PortSpace.TCP, null);
    private final SoftCmId second = new SoftCmId(SoftConnectionManager.instance(), channel, PortSpace.TCP, null);

    @Test
    void aFullBacklogHoldsRequestsAndEachReadReleasesTheOldest() {
        CmBacklog backlog = new CmBacklog();
        backlog.limit(1);
        assertThat(backlog.admit()).isTrue();
        assertThat(backlog.admit()).isFalse();
        backlog.hold(first);
        backlog.hold(second);
        assertThat(backlog.read()).isSameAs(first);
        assertThat(backlog.read()).isSameAs(second);
        assertThat(backlog.read()).isNull();
        assertThat(backlog.admit()).isTrue();
    }

    @Test
    void aHeldRequestThatGaveUpIsNotReleased() {
        CmBacklog backlog = new CmBacklog();
        backlog.limit(1);
        backlog.admit();
        backlog.hold(first);
        assertThat(backlog.giveUp(first)).isTrue();
        assertThat(backlog.giveUp(first)).isFalse();
        assertThat(backlog.read()).isNull();
    }

    @Test
    void aBacklogOfZeroOrLessIsTheKernelsMaximum() {
        CmBacklog backlog = new CmBacklog();
        backlog.limit(0);
        for (int i = 0; i < CmBacklog.MAX_BACKLOG; i++) {
            assertThat(backlog.admit()).as("request %d", i).isTrue();
        }
        assertThat(backlog.admit()).isFalse();
    }
}
