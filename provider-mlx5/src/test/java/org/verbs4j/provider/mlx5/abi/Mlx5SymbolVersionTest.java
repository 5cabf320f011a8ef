package org.verbs4j.provider.mlx5.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.abi.DynamicSymbols;
import org.verbs4j.provider.generic.abi.RdmaCorePackages;

/**
 * Every {@link Mlx5Symbols entry point} is defined in the real libmlx5.so.1 of Debian bookworm (44), trixie
 * (56.1) and sid (65), amd64 and arm64, exactly at its version nodes on the releases that have it and not at
 * all before; the {@link Mlx5Symbols#INLINE_ONLY inline names} are not defined anywhere.
 */
class Mlx5SymbolVersionTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource(RdmaCorePackages.SOURCE)
    void everyEntryPointHasItsVersionsExactlyFromItsRelease(RdmaCorePackages.Release release,
            RdmaCorePackages.Arch arch) throws Exception {
        Path library = release.library(arch, "libmlx5.so.1");
        Set<String> defined = DynamicSymbols.defined(library);
        assertThat(defined).as("symbols of %s", library).hasSizeGreaterThan(100);

        List<String> differences = new ArrayList<>();
        for (Mlx5Symbols symbol : Mlx5Symbols.values()) {
            List<String> actual = versionsOf(symbol.cName(), defined);
            List<String> expected = symbol.existsIn(release.major()) ? symbol.versionedNames() : List.of();
            if (!Set.copyOf(actual).equals(Set.copyOf(expected))) {
                differences.add(symbol.cName() + ": " + actual + ", expected " + expected);
            }
        }
        assertThat(differences).as("entry points of %s", library).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource(RdmaCorePackages.SOURCE)
    void inlineNamesAreNotExported(RdmaCorePackages.Release release, RdmaCorePackages.Arch arch) throws Exception {
        Set<String> defined = DynamicSymbols.defined(release.library(arch, "libmlx5.so.1"));
        for (String inline : Mlx5Symbols.INLINE_ONLY) {
            assertThat(versionsOf(inline, defined)).as("%s in %s", inline, release).isEmpty();
        }
    }

    private static List<String> versionsOf(String name, Set<String> defined) {
        return defined.stream().filter(symbol -> DynamicSymbols.name(symbol).equals(name)).toList();
    }
}
