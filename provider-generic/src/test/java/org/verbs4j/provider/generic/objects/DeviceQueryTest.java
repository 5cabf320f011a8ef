package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.junit.jupiter.api.Test;
import org.verbs4j.AtomicCapability;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceCapFlag;
import org.verbs4j.DeviceLimits;
import org.verbs4j.QpType;
import org.verbs4j.OdpCaps;
import org.verbs4j.TagMatchingCaps;
import org.verbs4j.provider.generic.raw.Abi;

/** The capabilities the generic provider derives from what a device reports (no device needed). */
class DeviceQueryTest {

    private static DeviceAttributes attributes(long capFlags) {
        return new DeviceAttributes("1.0", 1, 1, 0x1234, 1, 1, 1, 4096, capFlags, 0, AtomicCapability.NONE, 0,
                DeviceLimits.builder().build(), 0, 0, TagMatchingCaps.NONE, OdpCaps.NONE, 0);
    }

    @Test
    void xrcFollowsTheDeviceCapFlag() {
        Capabilities with = DeviceQuery.capabilities(attributes(DeviceCapFlag.XRC.value()), 56, false, false);
        Capabilities without = DeviceQuery.capabilities(attributes(0), 56, false, false);
        assertThat(with.supports(Capability.XRC)).isTrue();
        assertThat(without.supports(Capability.XRC)).isFalse();
    }

    @Test
    void parentDomainsFollowTheProbeNotTheAttributes() {
        long everything = -1L;
        assertThat(DeviceQuery.capabilities(attributes(everything), 56, false, false).supports(Capability.PARENT_DOMAIN))
                .isFalse();
        assertThat(DeviceQuery.capabilities(attributes(0), 56, true, false).supports(Capability.PARENT_DOMAIN)).isTrue();
    }

    @Test
    void rxHashFollowsTheRssAttributes() {
        assertThat(DeviceQuery.capabilities(attributes(-1L), 56, true, false).supports(Capability.RX_HASH)).isFalse();
        assertThat(DeviceQuery.capabilities(attributes(0), 56, false, true).supports(Capability.RX_HASH)).isTrue();
    }

    @Test
    void rssNeedsWorkQueuesTablesAndRawPacketQueuePairs() {
        StructLayout l = Abi.current().ibvDeviceAttrEx;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(l);
            assertThat(DeviceQuery.rss(l, a)).as("nothing announced").isFalse();
            a.set(JAVA_INT, Abi.offset(l, "max_wq_type_rq"), 64);
            a.set(JAVA_INT, Abi.offset(l, "rss_caps", "max_rwq_indirection_tables"), 16);
            assertThat(DeviceQuery.rss(l, a)).as("no RAW_PACKET in rss_caps.supported_qpts").isFalse();
            a.set(JAVA_INT, Abi.offset(l, "rss_caps", "supported_qpts"), 1 << QpType.RAW_PACKET.value());
            assertThat(DeviceQuery.rss(l, a)).isTrue();
            a.set(JAVA_INT, Abi.offset(l, "max_wq_type_rq"), 0);
            assertThat(DeviceQuery.rss(l, a)).as("no work queues").isFalse();
        }
    }
}
