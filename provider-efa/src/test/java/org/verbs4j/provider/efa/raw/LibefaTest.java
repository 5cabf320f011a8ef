package org.verbs4j.provider.efa.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.FunctionDescriptor;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verbs4j.UnsupportedVerbException;

/**
 * The real libefa.so.1 of this machine (rdma-core's ibverbs-providers package; the test needs it): its release is
 * read from the mapped file, and a function is looked up only if that release has it.
 */
class LibefaTest {

    private static final FunctionDescriptor ANY = FunctionDescriptor.of(ADDRESS, ADDRESS);

    @Test
    void theReleaseIsTheMappedLibrarys() {
        Libefa libefa = Libefa.get();
        assertThat(libefa.release()).as("rdma-core release of libefa").isGreaterThanOrEqualTo(44);
        assertThat(libefa.release()).isEqualTo(EfaRelease.loaded());
    }

    @Test
    void theReleaseIsReadFromTheFileName() {
        assertThat(EfaRelease.parse(List.of("7f00-7f01 r-xp 0 08:01 1 /usr/lib/x86_64-linux-gnu/libefa.so.1.3.56.0")))
                .isEqualTo(56);
        assertThat(EfaRelease.parse(List.of("7f00-7f01 r-xp 0 08:01 1 /usr/lib/libefa.so.1.7.65.0"))).isEqualTo(65);
        assertThat(EfaRelease.parse(List.of("7f00-7f01 r-xp 0 08:01 1 /usr/lib/libibverbs.so.1.14.56.0"))).isZero();
    }

    @Test
    void aFunctionOfTheReleaseResolvesAndOneOfALaterReleaseIsUnsupportedWithoutALookup() {
        Libefa real = Libefa.get();
        for (EfaSymbol symbol : EfaSymbol.values()) {
            if (real.has(symbol)) {
                assertThat(real.handle(symbol, ANY)).as(symbol.cName()).isNotNull();
            } else {
                assertThatThrownBy(() -> real.handle(symbol, ANY)).isInstanceOf(UnsupportedVerbException.class)
                        .hasMessageContaining(symbol.cName()).hasMessageContaining("since rdma-core " + symbol.since());
            }
        }
    }

    @Test
    void anOlderReleaseIsNeverAskedForALaterFunctionEvenIfTheLibraryHasIt() {
        Libefa as44 = TestLibefa.ofRelease(44);
        assertThatThrownBy(() -> as44.handle(EfaSymbol.EFADV_QUERY_MR, ANY)).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("efadv_query_mr").hasMessageContaining("rdma-core 44")
                .hasMessageContaining("since rdma-core 50");
        assertThatThrownBy(() -> TestLibefa.ofRelease(63).handle(EfaSymbol.EFADV_QP_FROM_IBV_QP_EX, ANY))
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("efadv_qp_from_ibv_qp_ex");
        assertThat(TestLibefa.ofRelease(44).handle(EfaSymbol.EFADV_CREATE_CQ, ANY)).isNotNull();
    }
}
