package org.verbs4j.provider.mlx5.standin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.abi.DynamicSymbols;
import org.verbs4j.provider.mlx5.abi.Mlx5Symbols;
import org.verbs4j.provider.generic.abi.RdmaCorePackages;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Arch;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;

/**
 * The stand-in of each release exports, under the same names and versions, exactly the real libmlx5.so.1's
 * symbols for the entry points it implements, and otherwise only its own recording API; on amd64 and arm64
 * (built with the cross compiler where it is not the host's).
 */
class StandInSymbolsTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource(RdmaCorePackages.SOURCE)
    void exportsTheRealNamesAndVersionsOfWhatItImplements(Release release, Arch arch) throws Exception {
        Set<String> real = StandInLibrary.implementedIn(DynamicSymbols.defined(release.library(arch, "libmlx5.so.1")));
        Set<String> standIn = DynamicSymbols.defined(StandInLibrary.of(release, arch));

        Set<String> standInVendor = new TreeSet<>();
        Set<String> other = new TreeSet<>();
        for (String symbol : standIn) {
            if (symbol.contains("mlx5dv_")) {
                standInVendor.add(symbol);
            } else if (!symbol.startsWith(StandInLibrary.OWN_PREFIX) && symbol.contains("@")) {
                other.add(symbol);
            }
        }
        assertThat(real).as("entry points of the real library").hasSize(expectedCount(release.major()));
        assertThat(standInVendor).as("stand-in of %s %s", release, arch).isEqualTo(real);
        assertThat(other).as("other exports of the stand-in of %s", release).isEmpty();
    }

    private static int expectedCount(int major) {
        return Stream.of(Mlx5Symbols.values()).filter(symbol -> symbol.existsIn(major))
                .mapToInt(symbol -> symbol.versionedNames().size()).sum();
    }
}
