package org.verbs4j.provider.generic.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.raw.Abi;

/**
 * The binding's struct layouts, {@code verbs_context} distances and the C constants of the api and of the
 * binding ({@link org.verbs4j.provider.generic.raw.BindingConstant}), against gcc
 * with the real rdma-core headers of Debian bookworm (44), trixie (56.1) and sid (65), on x86_64 and
 * aarch64. Any difference fails the build; so does a machine where the packages or compilers are missing.
 */
class AbiConformanceTest {

    static Stream<Arguments> releasesAndArchitectures() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (RdmaCorePackages.Release release : RdmaCorePackages.releases()) {
            for (Abi.Arch arch : Abi.Arch.values()) {
                all.add(Arguments.of(release, arch));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("releasesAndArchitectures")
    void everyAssumedNumberIsWhatGccSays(RdmaCorePackages.Release release, Abi.Arch arch) throws Exception {
        List<ProbeEntry> entries = ProbeEntries.of(Abi.of(arch), ApiConstants.withBinding());
        Path work = Path.of("target/abi/probe").resolve(release.suite()).resolve(arch.name().toLowerCase());
        AbiProbe.Result result = AbiProbe.run(compiler(arch), release.includes(arch == Abi.Arch.X86_64 ? "amd64" : "arm64"), work, entries);

        List<String> differences = new ArrayList<>();
        for (ProbeEntry entry : entries) {
            check(entry, release.major(), result, entries, differences);
        }
        assertThat(result.values()).hasSizeGreaterThan(500);
        assertThat(differences).as("differences from rdma-core %s on %s", release, arch).isEmpty();
    }

    private static void check(ProbeEntry entry, int major, AbiProbe.Result result, List<ProbeEntry> entries,
            List<String> differences) {
        boolean present = !result.missing().contains(entry.key());
        boolean expectedPresent = entry.since() <= major;
        if (present != expectedPresent) {
            differences.add(entry.key() + (present ? " exists, but the binding expects it only from rdma-core "
                    + entry.since() : " does not exist"));
            return;
        }
        if (present) {
            long expected = expectedValue(entry, major, entries);
            long actual = result.values().getOrDefault(entry.key(), Long.MIN_VALUE);
            if (actual != expected) {
                differences.add(entry.key() + ": C " + actual + ", Java " + expected);
            }
        }
    }

    /** A struct with members a release lacks ends, on that release, where the first of them would start. */
    private static long expectedValue(ProbeEntry entry, int major, List<ProbeEntry> entries) {
        if (!entry.key().startsWith("sizeof ") || entry.key().contains(".")) {
            return entry.expected();
        }
        String struct = entry.key().substring("sizeof ".length());
        return entries.stream()
                .filter(other -> other.since() > major && other.key().startsWith("offsetof " + struct + "."))
                .mapToLong(ProbeEntry::expected).map(offset -> alignUp(offset, alignment(struct)))
                .min().orElse(entry.expected());
    }

    private static long alignment(String struct) {
        return Abi.of(Abi.Arch.X86_64).structs().stream().filter(s -> s.name().orElseThrow().equals(struct))
                .findFirst().orElseThrow().byteAlignment();
    }

    private static long alignUp(long value, long alignment) {
        return (value + alignment - 1) / alignment * alignment;
    }

    private static String compiler(Abi.Arch arch) {
        return Map.of(Abi.Arch.X86_64, "x86_64-linux-gnu-gcc", Abi.Arch.AARCH64, "aarch64-linux-gnu-gcc").get(arch);
    }
}
