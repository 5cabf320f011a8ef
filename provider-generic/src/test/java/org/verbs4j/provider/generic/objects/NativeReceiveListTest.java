package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.provider.generic.raw.Abi;

/**
 * {@link NativeReceiveList}: after every copy, the native list read back as a provider reads it (following
 * {@code next} until NULL) equals the Java list, whether the list is new, posted again unchanged, changed in one
 * field, shorter, longer (the arrays grow) or of other SGE counts, or posted again after another list's entries
 * wrote over its SGEs.
 */
@SuppressWarnings("restricted")
class NativeReceiveListTest {

    private static final Abi ABI = Abi.current();

    private static ReceiveRequest list(int count, int sgesEach, long salt) {
        ReceiveRequest first = null;
        for (int i = count - 1; i >= 0; i--) {
            ReceiveRequest r = new ReceiveRequest(sgesEach).wrId(salt + i).next(first);
            for (int s = 0; s < sgesEach; s++) {
                r.sgList().add(0x10000 + 64L * i + s, 8 + s, (int) salt + 100 + i);
            }
            first = r;
        }
        return first;
    }

    /** The native list as C reads it: one string per request, wr_id and its SGEs. */
    private static List<String> readBack(long address) {
        List<String> requests = new ArrayList<>();
        for (long at = address; at != 0; ) {
            MemorySegment wr = MemorySegment.ofAddress(at).reinterpret(ABI.ibvRecvWr.byteSize());
            int n = wr.get(JAVA_INT, Abi.offset(ABI.ibvRecvWr, "num_sge"));
            long sgList = wr.get(JAVA_LONG, Abi.offset(ABI.ibvRecvWr, "sg_list"));
            StringBuilder b = new StringBuilder().append(wr.get(JAVA_LONG, 0)).append(':');
            MemorySegment sges = n == 0 ? MemorySegment.NULL
                    : MemorySegment.ofAddress(sgList).reinterpret(n * ABI.ibvSge.byteSize());
            for (int s = 0; s < n; s++) {
                long e = s * ABI.ibvSge.byteSize();
                b.append(' ').append(sges.get(JAVA_LONG, e)).append('/')
                        .append(sges.get(JAVA_INT, e + Abi.offset(ABI.ibvSge, "length"))).append('/')
                        .append(sges.get(JAVA_INT, e + Abi.offset(ABI.ibvSge, "lkey")));
            }
            requests.add(b.toString());
            at = wr.get(JAVA_LONG, Abi.offset(ABI.ibvRecvWr, "next"));
        }
        return requests;
    }

    private static List<String> expected(ReceiveRequest first) {
        List<String> requests = new ArrayList<>();
        for (ReceiveRequest r = first; r != null; r = r.next()) {
            StringBuilder b = new StringBuilder().append(r.wrId()).append(':');
            ScatterGatherList l = r.sgList();
            for (int s = 0; s < l.size(); s++) {
                b.append(' ').append(l.address(s)).append('/').append(l.length(s)).append('/').append(l.lkey(s));
            }
            requests.add(b.toString());
        }
        return requests;
    }

    @Test
    void everyCopyReadsBackAsTheJavaList() {
        try (Arena arena = Arena.ofConfined()) {
            NativeReceiveList copy = new NativeReceiveList(ABI, arena);
            ReceiveRequest sixtyFour = list(64, 1, 0);
            List<ReceiveRequest> posts = List.of(sixtyFour, sixtyFour, list(3, 1, 0), sixtyFour, list(70, 1, 5),
                    list(2, 3, 9), list(5, 0, 1), list(1, 2, 4), sixtyFour);
            for (ReceiveRequest first : posts) {
                assertThat(readBack(copy.copy(first))).isEqualTo(expected(first));
            }
        }
    }

    @Test
    void aChangeOfOneFieldOfAListPostedAgainReachesTheNativeCopy() {
        try (Arena arena = Arena.ofConfined()) {
            NativeReceiveList copy = new NativeReceiveList(ABI, arena);
            ReceiveRequest first = list(8, 1, 0);
            copy.copy(first);
            ReceiveRequest fifth = first.next().next().next().next();
            fifth.wrId(999);
            assertThat(readBack(copy.copy(first))).isEqualTo(expected(first));
            fifth.sgList().clear().add(0x7000, 16, 77);
            assertThat(readBack(copy.copy(first))).isEqualTo(expected(first));
            fifth.sgList().clear();
            assertThat(readBack(copy.copy(first))).isEqualTo(expected(first));
            fifth.next(null);
            assertThat(readBack(copy.copy(first))).hasSize(5).isEqualTo(expected(first));
        }
    }

    @Test
    void aListPostedAgainAfterAnotherWroteOverItsSgesIsWrittenAgain() {
        try (Arena arena = Arena.ofConfined()) {
            NativeReceiveList copy = new NativeReceiveList(ABI, arena);
            ReceiveRequest ones = list(4, 1, 0);
            ReceiveRequest wide = list(1, 3, 50);
            assertThat(readBack(copy.copy(ones))).isEqualTo(expected(ones));
            assertThat(readBack(copy.copy(wide))).isEqualTo(expected(wide));
            assertThat(readBack(copy.copy(ones))).isEqualTo(expected(ones));
            ReceiveRequest second = ones.next();
            ones.next(second.next());
            assertThat(readBack(copy.copy(ones))).isEqualTo(expected(ones));
            ones.next(second);
            assertThat(readBack(copy.copy(ones))).isEqualTo(expected(ones));
        }
    }

    @Test
    void theFailedEntryIsFoundByItsAddress() {
        try (Arena arena = Arena.ofConfined()) {
            NativeReceiveList copy = new NativeReceiveList(ABI, arena);
            long first = copy.copy(list(4, 1, 0));
            assertThat(copy.indexOf(first + 2 * ABI.ibvRecvWr.byteSize())).isEqualTo(2);
        }
    }
}
