package org.verbs4j.provider.generic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.verbs4j.spi.Availability;

class GenericProviderTest {

    private final GenericProvider provider = new GenericProvider();

    @Test
    void identifiesItself() {
        assertThat(provider.id()).isEqualTo("generic");
        assertThat(provider.kind()).isEqualTo(org.verbs4j.spi.ProviderKind.GENERIC);
    }

    @Test
    void offersDevicesExactlyWhenAvailableAndOtherwiseSaysWhy() {
        Availability availability = provider.availability();
        assertThat(provider.devices().isEmpty()).isEqualTo(!availability.available());
        if (!availability.available()) {
            assertThat(availability.reason()).containsAnyOf("libibverbs.so.1 not found", "no RDMA device",
                    "ibv_get_device_list failed");
        }
        provider.devices().forEach(device -> assertThat(device.providerId()).isEqualTo("generic"));
    }
}
