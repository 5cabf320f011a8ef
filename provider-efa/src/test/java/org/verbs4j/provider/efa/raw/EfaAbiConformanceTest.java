package org.verbs4j.provider.efa.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.abi.AbiProbe;
import org.verbs4j.provider.generic.abi.ProbeEntry;
import org.verbs4j.provider.generic.abi.RdmaCorePackages;

/**
 * Every size, offset and constant of {@link EfaAbi} and {@link EfaConstant} against gcc with the real
 * {@code infiniband/efadv.h} of Debian bookworm (44), trixie (56.1) and sid (65), for x86_64 and aarch64 (the
 * cross compiler), through provider-generic's probe. What the tables say a release lacks must not compile there;
 * what they say it has must have their value; a struct's size is the release's, so a member repurposed in place
 * does not change it.
 */
class EfaAbiConformanceTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource(RdmaCorePackages.SOURCE)
    void everyNumberIsWhatGccSays(RdmaCorePackages.Release release, RdmaCorePackages.Arch arch) throws Exception {
        List<ProbeEntry> entries = entries(release.major());
        Path work = Path.of("target/abi/efa-probe").resolve(release.suite()).resolve(arch.name().toLowerCase());
        AbiProbe.Result result = AbiProbe.run(arch.compiler(), release.includes(arch), work, entries);

        List<String> differences = result.differences(entries, release.major());
        assertThat(result.values()).as("answers from gcc").hasSizeGreaterThan(40);
        assertThat(differences).as("differences from rdma-core %s on %s", release, arch).isEmpty();
    }

    @Test
    void theNewestSizesAreThoseTheBindingPassesAsInlen() {
        assertThat(EfaAbi.CQ_INIT_ATTR.newestSize()).isEqualTo(56);
        assertThat(EfaAbi.QP_INIT_ATTR.newestSize()).isEqualTo(24);
        assertThat(EfaAbi.DEVICE_ATTR.newestSize()).isEqualTo(32);
        assertThat(EfaAbi.DEVICE_ATTR.size(44)).as("inline_buf_size_ex took reserved bytes: no growth").isEqualTo(32);
        assertThat(EfaAbi.CQ.size(44)).as("44's efadv_cq ends before wc_is_unsolicited").isEqualTo(16);
    }

    /** @return what to ask gcc, with the values the tables give for rdma-core {@code major} */
    static List<ProbeEntry> entries(int major) {
        List<ProbeEntry> entries = new ArrayList<>();
        for (EfaStruct struct : EfaAbi.STRUCTS) {
            String type = "struct " + struct.name();
            long size = struct.since() <= major ? struct.size(major) : struct.newestSize();
            entries.add(new ProbeEntry("sizeof " + struct.name(), "sizeof(" + type + ")", size, struct.since()));
            for (EfaStruct.Member member : struct.members()) {
                int since = Math.max(struct.since(), member.since());
                String key = struct.name() + "." + member.name();
                entries.add(new ProbeEntry("offsetof " + key, "offsetof(" + type + ", " + member.name() + ")",
                        member.offset(), since));
                entries.add(new ProbeEntry("sizeof " + key, "sizeof(((" + type + " *)0)->" + member.name() + ")",
                        member.size(), since));
            }
        }
        for (EfaConstant constant : EfaConstant.values()) {
            entries.add(new ProbeEntry("const " + constant.name(), constant.name(), constant.value(), constant.since()));
        }
        return entries;
    }
}
