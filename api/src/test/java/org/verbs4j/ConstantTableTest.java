package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ConstantTableTest {

    private enum Sample implements CConstant {
        A(-1), B(0), C(7);

        private final long value;

        Sample(long value) {
            this.value = value;
        }

        @Override
        public long value() {
            return value;
        }

        @Override
        public String cName() {
            return "SAMPLE_" + name();
        }
    }

    private enum Bad implements CConstant {
        ONE(1), THREE(3), ALSO_ONE(1), FAR(1000);

        private final long value;

        Bad(long value) {
            this.value = value;
        }

        @Override
        public long value() {
            return value;
        }

        @Override
        public String cName() {
            return name();
        }
    }

    @Test
    void valuesAreFoundFromTheSmallestOnAndUnknownOnesAreRefused() {
        ConstantTable<Sample> table = ConstantTable.values(Sample.class, "enum sample", "SAMPLE_");
        assertThat(table.of(-1)).isEqualTo(Sample.A);
        assertThat(table.of(7)).isEqualTo(Sample.C);
        assertThat(table.find(3)).isNull();
        assertThat(table.find(Long.MIN_VALUE)).isNull();
        assertThat(table.find(Long.MAX_VALUE)).isNull();
        assertThat(table.cName(Sample.B)).isEqualTo("SAMPLE_B");
        assertThatThrownBy(() -> table.of(3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("No enum sample constant has the value 3");
    }

    @Test
    void tablesRefuseEnumsTheyCannotIndex() {
        assertThatThrownBy(() -> ConstantTable.flags(Bad.class, "bad"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("THREE is not a single bit");
        assertThatThrownBy(() -> ConstantTable.values(Bad.class, "bad"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("span more than 256");
    }

    private enum Twice implements CConstant {
        FIRST, SECOND;

        @Override
        public long value() {
            return 4;
        }

        @Override
        public String cName() {
            return name();
        }
    }

    @Test
    void duplicateValuesAreRefused() {
        assertThatThrownBy(() -> ConstantTable.values(Twice.class, "twice"))
                .isInstanceOf(IllegalStateException.class).hasMessage("Twice.FIRST and SECOND have the same value");
        assertThatThrownBy(() -> ConstantTable.flags(Twice.class, "twice"))
                .isInstanceOf(IllegalStateException.class).hasMessage("Twice.FIRST and SECOND have the same value");
    }
}
