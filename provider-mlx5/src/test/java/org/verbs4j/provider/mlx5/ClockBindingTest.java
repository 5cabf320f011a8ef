package org.verbs4j.provider.mlx5;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Arch;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;

/**
 * {@code mlx5dv_get_clock_info} through the binding, and {@link Mlx5ClockInfo#tsToNs} against the real inline
 * {@code mlx5dv_ts_to_ns} of each release's header, compiled with gcc (src/test/c/ts_to_ns.c).
 */
class ClockBindingTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void readsTheClockInfoAtTheOffsetsGccGives(Release release, StandInBinding binding) {
        Mlx5ClockInfo info = Mlx5Context.clockInfo(binding.calls, binding.standIn.context());

        assertThat(binding.standIn.calls(Entry.GET_CLOCK_INFO)).isEqualTo(1);
        assertThat(info.nsec()).isEqualTo(1000);
        assertThat(info.lastCycles()).isEqualTo(2000);
        assertThat(info.frac()).isEqualTo(3000);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void tsToNsIsTheHeadersArithmetic(Release release, StandInBinding binding) throws Exception {
        List<Mlx5ClockInfo> infos = new ArrayList<>();
        List<Long> stamps = new ArrayList<>();
        Random random = new Random(release.major());
        for (int i = 0; i < 400; i++) {
            long mask = i % 2 == 0 ? (1L << 48) - 1 : -1L;
            long last = random.nextLong() & mask;
            infos.add(new Mlx5ClockInfo(random.nextLong(), last, random.nextLong() & 0xffff_ffffL, random.nextInt(),
                    random.nextInt(32), mask));
            stamps.add(i % 4 < 2 ? last + random.nextInt(1 << 20) : last - random.nextInt(1 << 20));
        }

        List<String> c = runC(release, infos, stamps);

        for (int i = 0; i < infos.size(); i++) {
            assertThat(Long.toUnsignedString(infos.get(i).tsToNs(stamps.get(i)))).as("case %d: %s, %d", i,
                    infos.get(i), stamps.get(i)).isEqualTo(c.get(i));
        }
    }

    private static List<String> runC(Release release, List<Mlx5ClockInfo> infos, List<Long> stamps)
            throws IOException, InterruptedException {
        Path dir = Files.createDirectories(Path.of("target/ts-to-ns", release.suite()));
        Path program = dir.resolve("ts_to_ns");
        run(List.of("gcc", "-O1", "-Wall", "-Werror", "-I" + release.includes(Arch.host()), "-o", program.toString(),
                "src/test/c/ts_to_ns.c"), dir.resolve("gcc.log"), null);
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < infos.size(); i++) {
            Mlx5ClockInfo info = infos.get(i);
            input.append(String.join(" ", Long.toUnsignedString(info.nsec()), Long.toUnsignedString(info.lastCycles()),
                    Long.toUnsignedString(info.frac()), Integer.toUnsignedString(info.mult()),
                    Integer.toString(info.shift()), Long.toUnsignedString(info.mask()),
                    Long.toUnsignedString(stamps.get(i)))).append('\n');
        }
        Path output = dir.resolve("out.txt");
        Path in = Files.writeString(dir.resolve("in.txt"), input);
        run(List.of(program.toString()), output, in);
        List<String> lines = Files.readAllLines(output, StandardCharsets.US_ASCII);
        assertThat(lines).hasSize(infos.size());
        return lines;
    }

    private static void run(List<String> command, Path output, Path input) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        if (input != null) {
            builder.redirectInput(input.toFile());
        }
        Process process = builder.start();
        if (!process.waitFor(1, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IllegalStateException(command + " failed:\n" + Files.readString(output));
        }
    }
}
