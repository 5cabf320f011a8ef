package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QpCapabilitiesBuilderTest {

    @Test
    void setsEachSizeByName() {
        QpCapabilities cap = QpCapabilities.builder().maxSendWr(1).maxRecvWr(2).maxSendSge(3).maxRecvSge(4)
                .maxInlineData(5).build();
        assertThat(cap).isEqualTo(new QpCapabilities(1, 2, 3, 4, 5));
    }

    @Test
    void startsWithOneSgeAndNothingElse() {
        assertThat(QpCapabilities.builder().build()).isEqualTo(new QpCapabilities(0, 0, 1, 1, 0));
    }

    @Test
    void localAddressHasNoGlobalRoute() {
        AhAttributes local = AhAttributes.local(7, 1);
        assertThat(local.isGlobal()).isFalse();
        assertThat(local).isEqualTo(new AhAttributes(null, 7, 0, 0, 0, 1));
    }
}
