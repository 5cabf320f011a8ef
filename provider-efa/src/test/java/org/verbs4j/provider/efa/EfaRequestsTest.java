package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.efa.raw.TestLibefa;

/**
 * The efadv create structs as the binding writes them: the newest size (the {@code inlen} it passes), only the
 * fields asked for, every other byte zero, and what the loaded release lacks refused before any call.
 */
class EfaRequestsTest {

    @Test
    void aCqRequestIsFiftySixBytesWithTheWcFlagsAndZerosElsewhere() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment attr = EfaCqRequest.write(arena,
                    EnumSet.of(ExtraCompletionField.SOURCE_GID, ExtraCompletionField.UNSOLICITED), TestLibefa.ofRelease(56));
            assertThat(attr.byteSize()).isEqualTo(56);
            assertThat(attr.get(JAVA_LONG, 8)).isEqualTo(3);
            assertThat(nonZeroOutside(attr, 8, 16)).isFalse();
        }
    }

    @Test
    void rdmaCore44CannotAskForUnsolicitedCompletions() {
        try (Arena arena = Arena.ofConfined()) {
            assertThatThrownBy(() -> EfaCqRequest.write(arena, Set.of(ExtraCompletionField.UNSOLICITED),
                    TestLibefa.ofRelease(44))).isInstanceOf(UnsupportedVerbException.class)
                    .hasMessageContaining("efadv_create_cq").hasMessageContaining("EFADV_WC_EX_WITH_IS_UNSOLICITED");
            assertThat(EfaCqRequest.write(arena, Set.of(ExtraCompletionField.SOURCE_GID), TestLibefa.ofRelease(44))
                    .get(JAVA_LONG, 8)).isEqualTo(1);
        }
    }

    @Test
    void anSrdRequestIsTwentyFourBytesWithTypeFlagsSlAndWrFlags() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment attr = EfaQpRequest.write(arena, srd(true), new SrdOptions(7, true, true),
                    TestLibefa.ofRelease(65));
            assertThat(attr.byteSize()).isEqualTo(24);
            assertThat(attr.get(JAVA_INT, 8)).as("EFADV_QP_DRIVER_TYPE_SRD").isZero();
            assertThat(attr.get(JAVA_SHORT, 12)).as("UNSOLICITED_WRITE_RECV | INLINE_WRITE").isEqualTo((short) 3);
            assertThat(attr.get(JAVA_BYTE, 14)).isEqualTo((byte) 7);
            assertThat(attr.get(JAVA_LONG, 16)).as("EFADV_WR_EX_WITH_PROCESSING_HINTS").isEqualTo(1);
            assertThat(attr.get(JAVA_BYTE, 15)).as("reserved").isZero();
            assertThat(attr.get(JAVA_LONG, 0)).as("comp_mask").isZero();
        }
    }

    @Test
    void eachSrdOptionNeedsTheReleaseThatIntroducedIt() {
        try (Arena arena = Arena.ofConfined()) {
            assertRefused(arena, srd(true), SrdOptions.DEFAULT, 44, "EFADV_QP_FLAGS_UNSOLICITED_WRITE_RECV");
            assertRefused(arena, srd(false), new SrdOptions(1, false, false), 52, "sl");
            assertRefused(arena, srd(false), new SrdOptions(0, true, false), 56, "EFADV_QP_FLAGS_INLINE_WRITE");
            assertRefused(arena, srd(false), new SrdOptions(0, false, true), 63, "EFADV_WR_EX_WITH_PROCESSING_HINTS");
            MemorySegment defaults = EfaQpRequest.write(arena, srd(false), SrdOptions.DEFAULT, TestLibefa.ofRelease(44));
            assertThat(nonZeroOutside(defaults, 0, 0)).as("44, no option: all zero").isFalse();
        }
    }

    @Test
    void unsolicitedWriteRecvIsRefusedOnUdAndTheOtherTypesAreLeftToLibefa() {
        QpInitAttributes ud = QpInitAttributes.builder(QpType.UD, null, null, new QpCapabilities(1, 1, 1, 1, 0))
                .unsolicitedWriteRecv(true).build();
        assertThatThrownBy(() -> EfaQpRequest.refuseUnsolicitedOutsideSrd(ud)).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("efadv_create_qp_ex").hasMessageContaining("UD");
        QpInitAttributes rc = QpInitAttributes.builder(QpType.RC, null, null, new QpCapabilities(1, 1, 1, 1, 0))
                .unsolicitedWriteRecv(true).build();
        EfaQpRequest.refuseUnsolicitedOutsideSrd(rc);
    }

    @Test
    void aServiceLevelIsAByte() {
        assertThatThrownBy(() -> new SrdOptions(256, false, false)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> new SrdOptions(-1, false, false)).isInstanceOf(InvalidArgumentException.class);
    }

    private static void assertRefused(Arena arena, QpInitAttributes attributes, SrdOptions options, int release,
            String what) {
        assertThatThrownBy(() -> EfaQpRequest.write(arena, attributes, options, TestLibefa.ofRelease(release)))
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("efadv_create_qp_ex")
                .hasMessageContaining(what).hasMessageContaining("of " + release);
    }

    private static QpInitAttributes srd(boolean unsolicited) {
        return QpInitAttributes.builder(QpType.DRIVER, null, null, new QpCapabilities(1, 1, 1, 1, 0))
                .unsolicitedWriteRecv(unsolicited).build();
    }

    private static boolean nonZeroOutside(MemorySegment attr, long from, long to) {
        for (long i = 0; i < attr.byteSize(); i++) {
            if ((i < from || i >= to) && attr.get(JAVA_BYTE, i) != 0) {
                return true;
            }
        }
        return false;
    }
}
