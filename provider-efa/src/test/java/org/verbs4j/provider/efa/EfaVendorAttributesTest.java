package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verbs4j.Capability;
import org.verbs4j.VendorAttribute;

/** The fields of {@code efadv_device_attr} as vendor attributes, by release, and what EFA withdraws. */
class EfaVendorAttributesTest {

    private static MemorySegment filled(Arena arena) {
        MemorySegment attr = arena.allocate(32);
        attr.set(JAVA_INT, 8, 512);
        attr.set(JAVA_INT, 12, 0x8000_0001);
        attr.set(JAVA_SHORT, 16, (short) 2);
        attr.set(JAVA_SHORT, 18, (short) 0xffff);
        attr.set(JAVA_SHORT, 20, (short) 32);
        attr.set(JAVA_SHORT, 22, (short) 64);
        attr.set(JAVA_INT, 24, 0x1f);
        attr.set(JAVA_INT, 28, 1 << 20);
        return attr;
    }

    private static VendorAttribute attribute(String name, String value) {
        return new VendorAttribute("efadv_query_device", name, value);
    }

    @Test
    void everyFieldOfRelease65IsReportedUnsignedInDeclarationOrder() {
        try (Arena arena = Arena.ofConfined()) {
            assertThat(EfaVendorAttributes.read(filled(arena), 65)).containsExactly(
                    attribute("max_sq_wr", "512"), attribute("max_rq_wr", "2147483649"),
                    attribute("max_sq_sge", "2"), attribute("max_rq_sge", "65535"),
                    attribute("inline_buf_size", "32"), attribute("inline_buf_size_ex", "64"),
                    attribute("device_caps", "0x1f (RDMA_READ, RNR_RETRY, CQ_WITH_SGID, RDMA_WRITE, "
                            + "UNSOLICITED_WRITE_RECV)"),
                    attribute("max_rdma_size", "1048576"));
        }
    }

    @Test
    void aReleaseBefore63HasNoInlineBufSizeEx() {
        try (Arena arena = Arena.ofConfined()) {
            List<VendorAttribute> read = EfaVendorAttributes.read(filled(arena), 56);
            assertThat(read).extracting(VendorAttribute::name).containsExactly("max_sq_wr", "max_rq_wr",
                    "max_sq_sge", "max_rq_sge", "inline_buf_size", "device_caps", "max_rdma_size");
        }
    }

    @Test
    void capsNameEveryKnownFlagAndShowTheUnknownBits() {
        assertThat(EfaVendorAttributes.caps(0)).isEqualTo("0x0 (none)");
        assertThat(EfaVendorAttributes.caps(0x40 | 0x4)).isEqualTo("0x44 (CQ_WITH_SGID, COMP_CNTR)");
        assertThat(EfaVendorAttributes.caps(0x180 | 0x1)).isEqualTo("0x181 (RDMA_READ), unknown bits 0x180");
    }

    @Test
    void efaWithdrawsTheTransportsAndNotificationsLibefaRefuses() {
        assertThat(EfaDirectVerbs.withdrawn(true, 65)).containsExactlyInAnyOrder(Capability.QP_RC, Capability.QP_UC,
                Capability.XRC, Capability.QP_RAW_PACKET, Capability.RX_HASH, Capability.TAG_MATCHING,
                Capability.SOLICITED_NOTIFICATION)
                .doesNotContain(Capability.QP_UD, Capability.QP_DRIVER, Capability.COMPLETION_CHANNEL,
                        Capability.CQ_SINGLE_THREADED);
        assertThat(EfaDirectVerbs.withdrawn(false, 65)).contains(Capability.COMPLETION_CHANNEL, Capability.QP_RC)
                .doesNotContain(Capability.CQ_SINGLE_THREADED);
        assertThat(EfaDirectVerbs.withdrawn(true, 59)).as("create_cq takes comp_mask 0 before 60")
                .contains(Capability.CQ_SINGLE_THREADED);
    }
}
