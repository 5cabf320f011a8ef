package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.verbs4j.UnsupportedVerbException;

/** A provider offers no connection manager unless it says otherwise, and the refusal names it. */
class ConnectionManagerContractTest {

    @Test
    void aProviderWithoutConnectionManagementRefusesNamingItself() {
        assertThatThrownBy(() -> FakeProvider.vendor("acme", "acme0").connectionManager())
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("rdma_create_event_channel")
                .hasMessageContaining("'acme'");
    }
}
