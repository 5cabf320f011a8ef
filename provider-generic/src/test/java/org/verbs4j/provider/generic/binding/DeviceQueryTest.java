package org.verbs4j.provider.generic.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.verbs4j.AtomicCapability;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceCapFlag;
import org.verbs4j.DeviceLimits;
import org.verbs4j.TagMatchingCaps;

/** The capabilities the generic provider derives from what a device reports (no device needed). */
class DeviceQueryTest {

    private static DeviceAttributes attributes(long capFlags) {
        return new DeviceAttributes("1.0", 1, 1, 0x1234, 1, 1, 1, 4096, capFlags, 0, AtomicCapability.NONE, 0,
                DeviceLimits.builder().build(), 0, 0, TagMatchingCaps.NONE);
    }

    @Test
    void xrcFollowsTheDeviceCapFlag() {
        Capabilities with = DeviceQuery.capabilities(attributes(DeviceCapFlag.XRC.value()), 56, false);
        Capabilities without = DeviceQuery.capabilities(attributes(0), 56, false);
        assertThat(with.supports(Capability.XRC)).isTrue();
        assertThat(without.supports(Capability.XRC)).isFalse();
    }

    @Test
    void parentDomainsFollowTheProbeNotTheAttributes() {
        long everything = -1L;
        assertThat(DeviceQuery.capabilities(attributes(everything), 56, false).supports(Capability.PARENT_DOMAIN))
                .isFalse();
        assertThat(DeviceQuery.capabilities(attributes(0), 56, true).supports(Capability.PARENT_DOMAIN)).isTrue();
    }
}
