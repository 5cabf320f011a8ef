package org.verbs4j.provider.generic.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.raw.CmSymbol;
import org.verbs4j.provider.generic.raw.Symbol;

/**
 * Every symbol the binding looks up is defined, with the expected default version, in the real
 * libibverbs.so.1 of Debian bookworm (44), trixie (56.1) and sid (65), for amd64 and arm64
 * ({@code readelf --dyn-syms}); so is every {@link CmSymbol} in their librdmacm.so.1.
 */
class SymbolVersionTest {

    static Stream<Arguments> libraries() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (RdmaCorePackages.Release release : RdmaCorePackages.releases()) {
            all.add(Arguments.of(release, release.libibverbs("amd64", "x86_64-linux-gnu")));
            all.add(Arguments.of(release, release.libibverbs("arm64", "aarch64-linux-gnu")));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("libraries")
    void everySymbolResolvesWithItsVersion(RdmaCorePackages.Release release, Path library) throws Exception {
        Set<String> defined = definedSymbols(library);
        List<String> missing = new ArrayList<>();
        for (Symbol symbol : Symbol.values()) {
            if (!defined.contains(symbol.cName() + "@@" + symbol.version())) {
                missing.add(symbol.cName() + "@@" + symbol.version());
            }
        }
        assertThat(defined).as("symbols of %s", library).hasSizeGreaterThan(100);
        assertThat(missing).as("symbols not in %s of %s", library, release).isEmpty();
    }

    static Stream<Arguments> cmLibraries() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (RdmaCorePackages.Release release : RdmaCorePackages.releases()) {
            all.add(Arguments.of(release, release.librdmacm("amd64", "x86_64-linux-gnu")));
            all.add(Arguments.of(release, release.librdmacm("arm64", "aarch64-linux-gnu")));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cmLibraries")
    void everyCmSymbolResolvesWithItsVersion(RdmaCorePackages.Release release, Path library) throws Exception {
        Set<String> defined = definedSymbols(library);
        List<String> missing = new ArrayList<>();
        for (CmSymbol symbol : CmSymbol.values()) {
            if (!defined.contains(symbol.cName() + "@@" + symbol.version())) {
                missing.add(symbol.cName() + "@@" + symbol.version());
            }
        }
        assertThat(defined).as("symbols of %s", library).hasSizeGreaterThan(50);
        assertThat(missing).as("symbols not in %s of %s", library, release).isEmpty();
    }

    /** @return {@code name@@version} (default) and {@code name@version} of every defined dynamic symbol */
    private static Set<String> definedSymbols(Path library) throws IOException, InterruptedException {
        Path out = Files.createTempFile("readelf", ".txt");
        try {
            Process process = new ProcessBuilder("readelf", "--dyn-syms", "-W", library.toString())
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
            assertThat(process.exitValue()).as("readelf %s: %s", library, Files.readString(out)).isZero();
            Set<String> defined = new HashSet<>();
            for (String line : Files.readAllLines(out)) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length >= 8 && fields[0].endsWith(":") && !fields[6].equals("UND")) {
                    defined.add(fields[7]);
                }
            }
            return defined;
        } finally {
            Files.delete(out);
        }
    }
}
