package org.verbs4j.provider.generic.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.vendor.SendWrLayout;

/**
 * The legacy post of {@link org.verbs4j.provider.generic.vendor.PostSendOps} against gcc with the real headers
 * of rdma-core 44, 56.1 and 65 on x86_64 and aarch64: {@code struct ibv_send_wr} (size, alignment, every
 * member's offset and size, the {@code wr.ud} address fields among them), the {@code enum ibv_wr_opcode} values
 * it writes, and the slot the inline {@code ibv_post_send} calls ({@code ibv_context.ops.post_send}, also in
 * {@link AbiConformanceTest}).
 */
class SendWrAbiTest {

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.verbs4j.provider.generic.abi.AbiConformanceTest#releasesAndArchitectures")
    void theSendRequestIsWhatGccSays(RdmaCorePackages.Release release, Abi.Arch arch) throws Exception {
        List<ProbeEntry> entries = new ArrayList<>(ProbeEntries.of(SendWrLayout.IBV_SEND_WR));
        Map.of("IBV_WR_RDMA_WRITE", SendWrLayout.RDMA_WRITE, "IBV_WR_RDMA_WRITE_WITH_IMM",
                SendWrLayout.RDMA_WRITE_WITH_IMM, "IBV_WR_SEND", SendWrLayout.SEND, "IBV_WR_SEND_WITH_IMM",
                SendWrLayout.SEND_WITH_IMM, "IBV_WR_RDMA_READ", SendWrLayout.RDMA_READ, "IBV_WR_ATOMIC_CMP_AND_SWP",
                SendWrLayout.ATOMIC_CMP_AND_SWP, "IBV_WR_ATOMIC_FETCH_AND_ADD", SendWrLayout.ATOMIC_FETCH_AND_ADD,
                "IBV_WR_LOCAL_INV", SendWrLayout.LOCAL_INV, "IBV_WR_SEND_WITH_INV", SendWrLayout.SEND_WITH_INV)
                .forEach((name, value) -> entries.add(new ProbeEntry("const " + name, name, value, 0)));
        entries.add(new ProbeEntry("offsetof ibv_context.ops.post_send", "offsetof(struct ibv_context, ops.post_send)",
                Abi.offset(Abi.of(arch).ibvContext, "ops", "post_send"), 0));
        Path work = Path.of("target/abi/probe-send-wr").resolve(release.suite()).resolve(arch.name().toLowerCase());
        String debianArch = arch == Abi.Arch.X86_64 ? "amd64" : "arm64";
        String compiler = arch == Abi.Arch.X86_64 ? "x86_64-linux-gnu-gcc" : "aarch64-linux-gnu-gcc";

        AbiProbe.Result result = AbiProbe.run(compiler, release.includes(debianArch), work, entries);

        assertThat(result.missing()).as("members or constants the headers lack").isEmpty();
        List<String> differences = new ArrayList<>();
        for (ProbeEntry entry : entries) {
            long actual = result.values().getOrDefault(entry.key(), Long.MIN_VALUE);
            if (actual != entry.expected()) {
                differences.add(entry.key() + ": C " + actual + ", Java " + entry.expected());
            }
        }
        assertThat(entries).hasSizeGreaterThan(40);
        assertThat(differences).as("differences from rdma-core %s on %s", release, arch).isEmpty();
    }
}
