package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.provider.generic.raw.Abi;

/**
 * {@link NativeSgeArray}: after every copy, the native {@code ibv_sge} array read back with the layout of
 * rdma-core's header equals the Java list, whether the list is new, set again unchanged, changed in one field,
 * shorter, or longer than the array (which grows), or set again after another list was copied over it.
 */
@SuppressWarnings("restricted")
class NativeSgeArrayTest {

    private static final Abi ABI = Abi.current();

    private static ScatterGatherList list(int count, long salt) {
        ScatterGatherList sges = new ScatterGatherList(count);
        for (int i = 0; i < count; i++) {
            sges.add(0x10000 + salt + 64L * i, 8 + i, (int) salt - i);
        }
        return sges;
    }

    private static List<String> readBack(long address, int count) {
        long size = ABI.ibvSge.byteSize();
        MemorySegment array = MemorySegment.ofAddress(address).reinterpret(count * size);
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            entries.add(array.get(JAVA_LONG, i * size + Abi.offset(ABI.ibvSge, "addr")) + "/"
                    + array.get(JAVA_INT, i * size + Abi.offset(ABI.ibvSge, "length")) + "/"
                    + array.get(JAVA_INT, i * size + Abi.offset(ABI.ibvSge, "lkey")));
        }
        return entries;
    }

    private static List<String> expected(ScatterGatherList sges) {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < sges.size(); i++) {
            entries.add(sges.address(i) + "/" + sges.length(i) + "/" + sges.lkey(i));
        }
        return entries;
    }

    private static void copyAndCheck(NativeSgeArray array, ScatterGatherList sges) {
        assertThat(readBack(array.copy(sges), sges.size())).isEqualTo(expected(sges));
    }

    @Test
    void theNativeArrayMatchesEveryListCopied() {
        try (Arena arena = Arena.ofConfined()) {
            NativeSgeArray array = new NativeSgeArray(arena);
            ScatterGatherList two = list(2, 7);
            copyAndCheck(array, two);
            copyAndCheck(array, two);
            copyAndCheck(array, two.clear().add(0x10007, 8, 7).add(0x20000, 9, 6));
            copyAndCheck(array, two.clear().add(0x10007, 8, -1).add(0x20000, 9, 6));
            copyAndCheck(array, list(1, 3));
            copyAndCheck(array, list(9, 11));
            copyAndCheck(array, list(3, 7));
            copyAndCheck(array, list(9, 11));
        }
    }

    @Test
    void aListSetAgainAfterAnotherIsCopiedAgain() {
        try (Arena arena = Arena.ofConfined()) {
            NativeSgeArray array = new NativeSgeArray(arena);
            ScatterGatherList first = list(3, 5);
            ScatterGatherList second = list(3, 9);
            copyAndCheck(array, first);
            copyAndCheck(array, second);
            copyAndCheck(array, first);
            copyAndCheck(array, first.clear().add(0x10005, 8, 5).add(0x10045, 9, 4).add(0x30000, 1, 2));
        }
    }

    @Test
    void aListSetAgainUnchangedKeepsTheArrayItsAddress() {
        try (Arena arena = Arena.ofConfined()) {
            NativeSgeArray array = new NativeSgeArray(arena);
            ScatterGatherList sges = list(4, 5);
            assertThat(array.copy(sges)).isEqualTo(array.copy(sges));
            long first = array.copy(sges);
            assertThat(array.copy(list(5, 5))).isNotEqualTo(first);
        }
    }
}
