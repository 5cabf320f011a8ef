package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verbs4j.Device;
import org.verbs4j.SelectionReport;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

class TckCommandTest {

    private static final FakeCatalog NO_DEVICES = new FakeCatalog(List.of(), new SelectionReport(List.of(), "none"));

    @TempDir
    private Path directory;

    @Test
    void aProviderWithoutDeviceIsReportedOnceAndFails() {
        Run run = Run.withProviders(List.of(new Absent()), NO_DEVICES, "tck", "--provider", "absent",
                "--report", directory.resolve("report.txt").toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("Verbs4J TCK summary")
                .filteredOn(line -> line.startsWith("NO DEVICE: ")).hasSize(1)
                .allMatch(line -> line.contains("no fake hardware"));
        assertThat(directory.resolve("report.txt")).exists();
    }

    @Test
    void anUnknownProviderIdIsAUsageErrorListingTheInstalledOnes() {
        Run run = Run.withProviders(List.of(new Absent()), NO_DEVICES, "tck", "--provider", "nope");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).containsExactly("no installed provider has the id 'nope'; installed: [absent]");
    }

    @Test
    void withoutDevicesAndWithoutAProviderIdItAsksForOne() {
        Run run = Run.withProviders(List.of(new Absent()), NO_DEVICES, "tck");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).containsExactly(
                "no provider offers a device; name one with --provider; installed: [absent]");
    }

    @Test
    void theInstalledSoftProviderPassesTheWholeKit() {
        List<VerbsProvider> installed = InstalledProviders.load();
        assertThat(installed).extracting(VerbsProvider::id).contains("soft", "generic", "efa", "mlx5");
        Run run = Run.withProviders(installed, NO_DEVICES, "tck", "--provider", "soft",
                "--report", directory.resolve("soft.txt").toString());
        String output = String.join("\n", run.out());
        List<int[]> areas = areaRows(run.out());
        assertThat(areas).as(output).hasSizeGreaterThan(10);
        assertThat(areas).as("failed, known bugs and aborted in every area:%n%s", output)
                .allSatisfy(counts -> assertThat(new int[] {counts[1], counts[3], counts[4]}).containsOnly(0));
        assertThat(areas.stream().mapToInt(counts -> counts[0]).sum()).as("tests passed in all").isGreaterThan(150);
        assertThat(totalRow(run.out())).as("the total row is the sum of the areas").containsExactly(
                java.util.stream.IntStream.range(0, 5).map(column -> areas.stream().mapToInt(counts -> counts[column]).sum())
                        .toArray());
        assertThat(run.out()).as("the summary is printed once").filteredOn(line -> line.equals("Verbs4J TCK summary"))
                .hasSize(1);
        assertThat(run.out()).noneMatch(line -> line.contains("unsupported: unsupported:"))
                .anyMatch(line -> line.startsWith("  UNSUPPORTED "));
        assertThat(run.err()).as("progress: one line per area as it completes")
                .filteredOn(line -> line.startsWith("  done: ")).hasSize(areas.size())
                .contains("  done: XRC: " + areaCounts(run.out(), "XRC"));
        assertThat(run.exitCode()).as(output).isZero();
    }

    @Test
    void anUnknownDeviceIsAUsageErrorAsInDevices() {
        List<VerbsProvider> installed = InstalledProviders.load();
        Run run = Run.withProviders(installed, NO_DEVICES, "tck", "--provider", "soft", "-d", "nosuch");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).containsExactly("no device named 'nosuch' on provider soft; devices: soft0");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void theReportGoesToTheTemporaryDirectoryUnlessOutputIsGiven() {
        Path inWorkingDirectory = Path.of("verbs4j-tck-report.txt");
        Run run = Run.withProviders(List.of(new Absent()), NO_DEVICES, "tck", "--provider", "absent");

        Path expected = Path.of(System.getProperty("java.io.tmpdir"), "verbs4j-tck-report.txt").toAbsolutePath();
        assertThat(run.out()).last().isEqualTo("report: " + expected);
        assertThat(expected).exists();
        assertThat(inWorkingDirectory).doesNotExist();
    }

    @Test
    void outputNamesTheReportFileAndProgressGoesToStandardError() {
        Path report = directory.resolve("out.txt");
        Run run = Run.withProviders(List.of(new Absent()), NO_DEVICES, "tck", "--provider", "absent",
                "-o", report.toString());

        assertThat(report).exists();
        assertThat(run.out()).last().isEqualTo("report: " + report.toAbsolutePath());
        assertThat(run.err()).first().isEqualTo("Running the Verbs4J TCK on provider absent...");
    }

    @Test
    void anUnsupportedNoteSaysUnsupportedOnce() {
        assertThat(TckSummaryFormatter.withoutRepeatedLabel(
                "UNSUPPORTED cq > wc_flags: FLOW_TAG, or CQ_FLOW_TAG unsupported: unsupported: CQ_FLOW_TAG (EOPNOTSUPP)"))
                .isEqualTo("UNSUPPORTED cq > wc_flags: FLOW_TAG, or CQ_FLOW_TAG unsupported: CQ_FLOW_TAG (EOPNOTSUPP)");
        assertThat(TckSummaryFormatter.withoutRepeatedLabel("FAILED x: expected: unsupported: y"))
                .isEqualTo("FAILED x: expected: unsupported: y");
    }

    /** @return the counts of an area's summary row, as the progress line words them */
    private static String areaCounts(List<String> out, String area) {
        String[] words = out.stream().filter(line -> line.startsWith(area + " ")).findFirst().orElseThrow().trim()
                .split("\\s+");
        int last = words.length;
        return words[last - 5] + " passed, " + words[last - 4] + " failed, " + words[last - 3] + " unsupported, "
                + words[last - 2] + " known bugs, " + words[last - 1] + " aborted";
    }

    /** @return the counts of the total row */
    private static int[] totalRow(List<String> out) {
        String[] words = out.stream().filter(line -> line.startsWith("total ")).findFirst().orElseThrow().trim()
                .split("\\s+");
        return java.util.Arrays.stream(words, 1, 6).mapToInt(Integer::parseInt).toArray();
    }

    /**
     * @return the counts of each area row of a printed summary (passed, failed, unsupported, known bugs,
     *     aborted): the rows after the column header, up to the total row
     */
    private static List<int[]> areaRows(List<String> out) {
        int header = out.indexOf(out.stream().filter(line -> line.startsWith("area ")).findFirst().orElseThrow());
        return out.subList(header + 1, out.size()).stream()
                .takeWhile(line -> !line.isBlank() && !line.startsWith("total "))
                .map(line -> line.trim().split("\\s+"))
                .map(words -> java.util.Arrays.stream(words, words.length - 5, words.length)
                        .mapToInt(Integer::parseInt).toArray())
                .toList();
    }

    /** A provider whose hardware is missing. */
    private static final class Absent implements VerbsProvider {
        @Override
        public String id() {
            return "absent";
        }

        @Override
        public ProviderKind kind() {
            return ProviderKind.VENDOR;
        }

        @Override
        public Availability availability() {
            return Availability.unavailable("no fake hardware");
        }

        @Override
        public List<Device> devices() {
            return List.of();
        }
    }
}
