package org.verbs4j.provider.efa.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.abi.DynamicSymbols;
import org.verbs4j.provider.generic.abi.RdmaCorePackages;

/**
 * Against the real libefa.so.1 of Debian bookworm (44), trixie (56.1) and sid (65), amd64 and arm64
 * ({@code readelf --dyn-syms}): every {@link EfaSymbol} is defined as {@code name@@version} from its release on
 * and not defined at all before; the inline-only names are never defined.
 */
class EfaSymbolVersionTest {

    static Stream<Arguments> libraries() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (RdmaCorePackages.Release release : RdmaCorePackages.releases()) {
            for (RdmaCorePackages.Arch arch : RdmaCorePackages.Arch.values()) {
                all.add(Arguments.of(release, arch, release.library(arch, Libefa.SONAME)));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("libraries")
    void eachFunctionIsThereFromItsReleaseWithItsVersion(RdmaCorePackages.Release release, RdmaCorePackages.Arch arch,
            Path library) throws Exception {
        Set<String> defined = DynamicSymbols.defined(library);
        Set<String> names = defined.stream().map(DynamicSymbols::name).collect(java.util.stream.Collectors.toSet());
        List<String> wrong = new ArrayList<>();
        for (EfaSymbol symbol : EfaSymbol.values()) {
            boolean expected = symbol.inRelease(release.major());
            if (expected && !defined.contains(symbol.cName() + "@@" + symbol.version())) {
                wrong.add(symbol.cName() + "@@" + symbol.version() + " is missing");
            } else if (!expected && names.contains(symbol.cName())) {
                wrong.add(symbol.cName() + " exists before rdma-core " + symbol.since());
            }
        }
        assertThat(names).as("symbols of %s", library).contains("efadv_query_device");
        assertThat(wrong).as("%s %s", release, arch).isEmpty();
        assertThat(names).as("inline-only names").doesNotContainAnyElementsOf(EfaSymbol.INLINE_ONLY);
    }
}
