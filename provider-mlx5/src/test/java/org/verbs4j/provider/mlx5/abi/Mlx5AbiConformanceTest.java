package org.verbs4j.provider.mlx5.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.abi.AbiProbe;
import org.verbs4j.provider.generic.abi.ProbeEntry;
import org.verbs4j.provider.generic.abi.RdmaCorePackages;

/**
 * Every size, alignment, offset and constant of {@link Mlx5Abi} against gcc with the real rdma-core headers
 * of Debian bookworm (44), trixie (56.1) and sid (65), for x86_64 and aarch64 (the cross compilers). What the
 * table says a release lacks must not compile there; what it says a release has must have its value.
 */
class Mlx5AbiConformanceTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource(RdmaCorePackages.SOURCE)
    void everyNumberIsWhatGccSays(RdmaCorePackages.Release release, RdmaCorePackages.Arch arch) throws Exception {
        List<ProbeEntry> entries = entries(release.major(), arch);
        Path work = Path.of("target/abi/mlx5-probe").resolve(release.suite()).resolve(arch.name().toLowerCase());
        AbiProbe.Result result = AbiProbe.run(arch.compiler(), release.includes(arch), work, entries);

        List<String> differences = result.differences(entries, release.major());
        assertThat(result.values()).hasSizeGreaterThan(150);
        assertThat(differences).as("differences from rdma-core %s on %s", release, arch).isEmpty();
    }

    /** @return what to ask gcc about, with the values the table gives for rdma-core {@code major} on {@code arch} */
    static List<ProbeEntry> entries(int major, RdmaCorePackages.Arch arch) {
        List<ProbeEntry> entries = new ArrayList<>();
        for (Mlx5Abi.Struct struct : Mlx5Abi.STRUCTS) {
            String type = "struct " + struct.name();
            if (struct.complete()) {
                entries.add(new ProbeEntry("sizeof " + struct.name(), "sizeof(" + type + ")", struct.size(major),
                        struct.since()));
            }
            entries.add(new ProbeEntry("alignof " + struct.name(), "_Alignof(" + type + ")", struct.alignment(),
                    struct.since()));
            for (Mlx5Abi.Member member : struct.members()) {
                int since = Math.max(struct.since(), member.since());
                String key = struct.name() + "." + member.path();
                entries.add(new ProbeEntry("offsetof " + key, "offsetof(" + type + ", " + member.path() + ")",
                        struct.offset(member.path(), arch), since));
                entries.add(new ProbeEntry("sizeof " + key, "sizeof(((" + type + " *)0)->" + member.path() + ")",
                        member.size(), since));
            }
        }
        for (Mlx5Abi.Constant constant : Mlx5Abi.CONSTANTS) {
            entries.add(new ProbeEntry("const " + constant.name(), constant.name(), constant.value(),
                    constant.since()));
        }
        return entries;
    }
}
