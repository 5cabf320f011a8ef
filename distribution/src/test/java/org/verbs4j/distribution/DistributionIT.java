package org.verbs4j.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unpacks the archive as a user would, and runs the command line from it with nothing but a JDK. */
class DistributionIT {

    private static final String RESTRICTED_METHOD_WARNING = "WARNING: A restricted method";

    @TempDir
    static Path unpacked;
    private static Path home;

    @BeforeAll
    static void unpack() throws IOException, InterruptedException {
        Path archive = Path.of(System.getProperty("verbs4j.distribution.archive"));
        Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", unpacked.toString())
                .inheritIO().start();
        assertThat(tar.waitFor()).as("tar -xzf " + archive).isZero();
        try (var entries = Files.list(unpacked)) {
            home = entries.findFirst().orElseThrow();
        }
    }

    @Test
    void holdsTheLauncherTheModulesAndTheLicence() throws IOException {
        assertThat(home.getFileName().toString()).startsWith("verbs4j-");
        assertThat(Files.isExecutable(home.resolve("bin/verbs4j"))).isTrue();
        assertThat(home.resolve("LICENSE")).content().contains("Apache License");
        assertThat(home.resolve("NOTICE")).exists();
        try (var jars = Files.list(home.resolve("lib"))) {
            assertThat(jars.map(jar -> jar.getFileName().toString()).toList())
                    .anyMatch(name -> name.startsWith("verbs4j-tools-"))
                    .anyMatch(name -> name.startsWith("verbs4j-provider-soft-"))
                    .anyMatch(name -> name.startsWith("verbs4j-provider-generic-"))
                    .anyMatch(name -> name.startsWith("picocli-"));
        }
    }

    @Test
    void devicesRunsOnTheSoftDevice() throws IOException, InterruptedException {
        Run run = Run.of(List.of(home.resolve("bin/verbs4j").toString(), "devices"),
                Map.of("VERBS4J_PROVIDERS", "soft"));

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("soft0").contains("state:                   ACTIVE (4)");
        assertThat(run.stderr()).as("no warning from the launcher's JVM").doesNotContain("WARNING");
    }

    @Test
    void hardwareModeNeverFallsBackToTheSoftDevice() throws IOException, InterruptedException {
        Run run = Run.of(List.of(home.resolve("bin/verbs4j").toString(), "devices"),
                Map.of("VERBS4J_PROVIDERS", "hardware"));

        assertThat(run.stdout()).as(run.toString()).doesNotContain("hca_id: soft");
        if (run.exitCode() != 0) {
            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.stderr()).contains("(ENODEV)", "no hardware provider offers a device",
                    "VERBS4J_PROVIDERS=hardware forbids the software emulator", "generic: ");
        }
    }

    @Test
    void tckPrintsItsSummaryOnceAndWritesTheReportWhereTold() throws IOException, InterruptedException {
        Path report = unpacked.resolve("tck-report.txt");
        Run run = Run.of(List.of(home.resolve("bin/verbs4j").toString(), "tck", "--provider", "soft", "-o",
                report.toString()), Map.of());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout().split("Verbs4J TCK summary", -1)).as(run.toString()).hasSize(2);
        assertThat(run.stdout()).contains("report: " + report.toAbsolutePath());
        assertThat(run.stderr()).startsWith("Running the Verbs4J TCK on provider soft...")
                .doesNotContain("Verbs4J TCK summary");
        assertThat(report).content().contains("Verbs4J TCK summary");
    }

    @Test
    void versionIsTheProjectVersion() throws IOException, InterruptedException {
        Run run = Run.of(List.of(home.resolve("bin/verbs4j").toString(), "--version"), Map.of());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).startsWith("verbs4j ").doesNotContain("development build");
    }

    @Test
    void onlySoftSelectedLoadsNoNativeLibraryEvenWithoutTheNativeAccessFlag() throws IOException,
            InterruptedException {
        Run run = classPathDevices("-Dverbs4j.providers=soft");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("soft0");
        assertThat(run.stderr()).doesNotContain(RESTRICTED_METHOD_WARNING);
    }

    @Test
    void theDefaultSelectionProbesTheNativeProvidersWhichWarnsWithoutTheFlag() throws IOException,
            InterruptedException {
        Run run = classPathDevices("-Dverbs4j.providers=generic,soft");

        assertThat(run.stderr()).as("the control: probing generic calls a restricted method")
                .contains(RESTRICTED_METHOD_WARNING);
    }

    @Test
    void deniedNativeAccessIsNamedAsTheReasonAndSaysHowToAllowIt() throws IOException, InterruptedException {
        Run run = classPathDevices("-Dverbs4j.providers=generic,soft", "--illegal-native-access=deny");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("libibverbs.so.1 could not be loaded")
                .contains("native access was denied: run java with --enable-native-access=ALL-UNNAMED")
                .doesNotContain("not found");
    }

    /** Runs "devices" from lib/ on the class path, without --enable-native-access. */
    private static Run classPathDevices(String... options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(options));
        command.addAll(List.of("-cp", home.resolve("lib") + "/*", "org.verbs4j.tools.Main", "devices"));
        return Run.of(command, Map.of());
    }
}
