package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.provider.generic.vendor.CreatedCq;

/**
 * The readers of an efadv CQ come from {@code struct efadv_cq}'s pointers, each read only when its field was
 * requested: rdma-core 44's struct is 16 bytes, so {@code wc_is_unsolicited} (offset 16) is past its end.
 */
class EfaReadersTest {

    private static final MemorySegment CQ = MemorySegment.ofAddress(0x1000);

    @Test
    void aSourceGidQueueNeverReadsPastA44Struct() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dvCq44 = arena.allocate(16, 8);
            dvCq44.set(ADDRESS, 8, MemorySegment.ofAddress(0xabc0));
            CreatedCq created = EfaDirectVerbs.withReaders(CreatedCq.of(CQ), Set.of(ExtraCompletionField.SOURCE_GID),
                    dvCq44);
            assertThat(created.extraReaders()).containsOnlyKeys(ExtraCompletionField.SOURCE_GID);
            assertThat(created.extraReaders().get(ExtraCompletionField.SOURCE_GID).function().address())
                    .isEqualTo(0xabc0);
            assertThat(created.extraReaders().get(ExtraCompletionField.SOURCE_GID).verb())
                    .isEqualTo("efadv_wc_read_sgid");
        }
    }

    @Test
    void bothReadersComeFromTheirOffsetsWithTheStructAsSelf() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dvCq = arena.allocate(24, 8);
            dvCq.set(ADDRESS, 8, MemorySegment.ofAddress(0xabc0));
            dvCq.set(ADDRESS, 16, MemorySegment.ofAddress(0xdef0));
            CreatedCq created = EfaDirectVerbs.withReaders(CreatedCq.of(CQ),
                    EnumSet.of(ExtraCompletionField.SOURCE_GID, ExtraCompletionField.UNSOLICITED), dvCq);
            assertThat(created.extraReaders().get(ExtraCompletionField.UNSOLICITED).function().address())
                    .isEqualTo(0xdef0);
            assertThat(created.extraReaders().get(ExtraCompletionField.UNSOLICITED).self()).isEqualTo(dvCq);
            assertThat(created.extraReaders().get(ExtraCompletionField.UNSOLICITED).verb())
                    .isEqualTo("efadv_wc_is_unsolicited");
        }
    }
}
