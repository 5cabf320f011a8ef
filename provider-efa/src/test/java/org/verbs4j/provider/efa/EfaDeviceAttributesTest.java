package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.Capability;
import org.verbs4j.InvalidArgumentException;

/** A filled {@code struct efadv_device_attr} read back, its caps decoded and mapped to the api's capabilities. */
class EfaDeviceAttributesTest {

    @Test
    void everyMemberIsReadAtItsOffsetUnsigned() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment attr = arena.allocate(32);
            attr.set(JAVA_INT, 8, 1024);
            attr.set(JAVA_INT, 12, 32768);
            attr.set(JAVA_SHORT, 16, (short) 2);
            attr.set(JAVA_SHORT, 18, (short) 3);
            attr.set(JAVA_SHORT, 20, (short) 32);
            attr.set(JAVA_SHORT, 22, (short) 0x8000);
            attr.set(JAVA_INT, 24, 0x1f | 0x100);
            attr.set(JAVA_INT, 28, 0x8000_0000);
            EfaDeviceAttributes read = EfaDeviceAttributes.read(attr);
            assertThat(read).isEqualTo(new EfaDeviceAttributes(1024, 32768, 2, 3, 32, 0x8000,
                    EnumSet.of(EfaDeviceCap.RDMA_READ, EfaDeviceCap.RNR_RETRY, EfaDeviceCap.CQ_WITH_SGID,
                            EfaDeviceCap.RDMA_WRITE, EfaDeviceCap.UNSOLICITED_WRITE_RECV), 0x8000_0000L));
        }
    }

    @Test
    void theApiCapabilitiesFollowTheEfaCaps() {
        assertThat(EfaDirectVerbs.capabilities(Set.of())).containsExactly(Capability.QP_DRIVER);
        assertThat(EfaDirectVerbs.capabilities(Set.of(EfaDeviceCap.CQ_WITH_SGID)))
                .containsExactlyInAnyOrder(Capability.QP_DRIVER, Capability.CQ_SOURCE_GID);
        assertThat(EfaDirectVerbs.capabilities(Set.of(EfaDeviceCap.UNSOLICITED_WRITE_RECV))).containsExactlyInAnyOrder(
                Capability.QP_DRIVER, Capability.CQ_UNSOLICITED, Capability.QP_UNSOLICITED_WRITE_RECV);
    }

    @Test
    void aReceiveDepthOfNoScatterGatherEntryIsRefusedBeforeLibefaDividesByIt() {
        EfaContext view = new EfaContext(null, null, null);
        assertThatThrownBy(() -> view.maxRqDepth(0)).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("efadv_get_max_rq_depth").hasMessageContaining("max_recv_sge");
        assertThatThrownBy(() -> view.maxRqDepth(-1)).isInstanceOf(InvalidArgumentException.class);
    }
}
