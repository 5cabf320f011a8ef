package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.verbs4j.PortState;

class TextTest {

    @Test
    void formatsGuidsLikeIbvDevinfo() {
        assertThat(Text.guid(0x0c42a10300654f3aL)).isEqualTo("0c42:a103:0065:4f3a");
        assertThat(Text.guid(-1L)).isEqualTo("ffff:ffff:ffff:ffff");
    }

    @Test
    void formatsConstantsWithTheirCValue() {
        assertThat(Text.constant(PortState.ACTIVE)).isEqualTo("ACTIVE (4)");
        assertThat(Text.constant(null)).isEqualTo("unknown");
    }

    @Test
    void alignsValuesInOneColumn() {
        assertThat(Text.field(2, "max_qp", 1)).isEqualTo("  max_qp:                    1");
        assertThat(Text.field(4, "state", "x")).isEqualTo("    state:                   x");
        assertThat(Text.field(2, "a_label_much_longer_than_the_column", 1))
                .isEqualTo("  a_label_much_longer_than_the_column: 1");
    }
}
