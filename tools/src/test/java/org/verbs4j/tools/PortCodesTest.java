package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The decodings of rdma-core's devinfo.c (width_str, speed_str, port_phy_state_str). */
class PortCodesTest {

    @Test
    void physicalStates() {
        assertThat(PortCodes.physState(5)).isEqualTo("LINK_UP (5)");
        assertThat(PortCodes.physState(3)).isEqualTo("DISABLED (3)");
        assertThat(PortCodes.physState(4)).isEqualTo("PORT_CONFIGURATION TRAINNING (4)");
        assertThat(PortCodes.physState(0)).isEqualTo("invalid physical state (0)");
    }

    @Test
    void widths() {
        assertThat(PortCodes.width(1)).isEqualTo("1X (1)");
        assertThat(PortCodes.width(2)).isEqualTo("4X (2)");
        assertThat(PortCodes.width(8)).isEqualTo("12X (8)");
        assertThat(PortCodes.width(16)).isEqualTo("2X (16)");
        assertThat(PortCodes.width(3)).isEqualTo("invalid width (3)");
    }

    @Test
    void speeds() {
        assertThat(PortCodes.speed(1)).isEqualTo("2.5 Gbps (1)");
        assertThat(PortCodes.speed(4)).isEqualTo("10.0 Gbps (4)");
        assertThat(PortCodes.speed(8)).isEqualTo("10.0 Gbps (8)");
        assertThat(PortCodes.speed(32)).isEqualTo("25.0 Gbps (32)");
        assertThat(PortCodes.speed(128)).isEqualTo("100.0 Gbps (128)");
        assertThat(PortCodes.speed(256)).isEqualTo("200.0 Gbps (256)");
        assertThat(PortCodes.speed(3)).isEqualTo("invalid speed (3)");
    }
}
