package org.verbs4j.tools.connect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.verbs4j.Gid;

/** GIDs printed as glibc's inet_ntop prints them in the C tools' address lines. */
class GidTextTest {

    @Test
    void theZeroGidIsTwoColons() {
        assertThat(GidText.of(Gid.ZERO)).isEqualTo("::");
    }

    @Test
    void anIpv4MappedGidEndsInDottedDecimal() {
        assertThat(GidText.of(new Gid(0, 0x0000ffff0a4d0001L))).isEqualTo("::ffff:10.77.0.1");
    }

    @Test
    void aLinkLocalGidCompressesItsLongestZeroRun() {
        assertThat(GidText.of(new Gid(0xfe80000000000000L, 0x0e42a1fffe654f3aL))).isEqualTo("fe80::e42:a1ff:fe65:4f3a");
    }

    @Test
    void onlyTheFirstOfTwoEqualZeroRunsIsCompressed() {
        assertThat(GidText.of(new Gid(0x2001000000000001L, 0x0000000000010001L))).isEqualTo("2001::1:0:0:1:1");
    }

    @Test
    void theLongestZeroRunIsCompressedEvenWhenItComesSecond() {
        assertThat(GidText.of(new Gid(0x2001000000000001L, 0x0000000000000001L))).isEqualTo("2001:0:0:1::1");
    }

    @Test
    void aSingleZeroGroupIsNotCompressed() {
        assertThat(GidText.of(new Gid(0x2001000100000001L, 0x0001000100010001L))).isEqualTo("2001:1:0:1:1:1:1:1");
    }

    @Test
    void aTrailingZeroRunEndsInTwoColons() {
        assertThat(GidText.of(new Gid(0xfe80000000000000L, 0))).isEqualTo("fe80::");
    }
}
