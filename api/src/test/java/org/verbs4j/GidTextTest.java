package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class GidTextTest {

    @Test
    void parsesTheFormIbvDevinfoPrints() {
        String printed = "fe80:0000:0000:0000:0202:c9ff:fe00:0001";
        assertThat(Gid.parse(printed)).hasToString(printed);
        assertThat(Gid.parse(printed)).isEqualTo(new Gid(0xfe80_0000_0000_0000L, 0x0202_c9ff_fe00_0001L));
    }

    @Test
    void parsesCompressedIpv6() {
        assertThat(Gid.parse("fe80::1")).isEqualTo(new Gid(0xfe80_0000_0000_0000L, 1));
    }

    @Test
    void ipv4BecomesTheMappedGidOfRoceV2() throws Exception {
        Gid gid = Gid.parse("192.0.2.1");
        assertThat(gid).hasToString("0000:0000:0000:0000:0000:ffff:c000:0201");
        assertThat(Gid.of(InetAddress.getByName("192.0.2.1"))).isEqualTo(gid);
        assertThat(gid.toInetAddress()).isEqualTo(InetAddress.getByName("192.0.2.1"));
    }

    @Test
    void ipv6RoundTripsThroughInetAddress() {
        Gid gid = Gid.parse("fe80::5054:ff:fe12:3456");
        assertThat(Gid.of(gid.toInetAddress())).isEqualTo(gid);
    }

    @Test
    void refusesHostNamesAndGarbageWithoutLookingThemUp() {
        assertThatThrownBy(() -> Gid.parse("localhost")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'localhost' is not a GID");
        assertThatThrownBy(() -> Gid.parse("fe80::1::2")).isInstanceOf(IllegalArgumentException.class);
    }
}
