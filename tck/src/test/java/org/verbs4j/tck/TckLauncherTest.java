package org.verbs4j.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The programmatic entry: the whole kit through the JUnit Platform launcher, returning the summary. */
class TckLauncherTest {

    @TempDir
    Path directory;

    @Test
    @DisplayName("a provider without a device is reported once as 'no device', with its reason, and nothing runs")
    void noDeviceIsReportedOnce() throws Exception {
        Path report = directory.resolve("report.txt");
        List<AreaResult> progress = new ArrayList<>();
        TckSummary summary = TckLauncher.run(new NoDeviceProvider(), TckEnvironment.fromSystem(), report,
                progress::add);
        assertThat(progress).as("no area ran a test").isEmpty();
        assertThat(summary.noDeviceReasons()).singleElement().asString().contains(NoDeviceProvider.REASON);
        assertThat(summary.areas()).isEmpty();
        assertThat(Files.readString(report)).contains("NO DEVICE: provider 'nodevice' is unavailable");
    }

    @Test
    @DisplayName("a run against the soft provider reports every area of the kit, each once as it completes")
    void everyAreaIsReported() {
        List<AreaResult> progress = new ArrayList<>();
        TckSummary summary = TckLauncher.run(SoftProviders.soft(), TckEnvironment.fromSystem(),
                directory.resolve("report.txt"), progress::add);
        assertThat(progress).as("the progress of each area holds its final counts")
                .containsExactlyInAnyOrderElementsOf(summary.areas());
        assertThat(summary.noDeviceReasons()).isEmpty();
        assertThat(summary.areas()).extracting(AreaResult::area).containsExactlyInAnyOrder("device and context",
                "PD and MR", "extended CQ and poll iterator", "completion-channel events",
                "extended QP and send operations", "QP state machine", "SRQ", "tag-matching SRQ",
                "error completions", "portable EFA-style fields", "lifetimes and misuse", "XRC", "RSS",
                "connection management", "ODP and device memory");
        assertThat(summary.areas()).allSatisfy(area -> assertThat(area.total()).as(area.area()).isPositive());
        assertThat(summary.render()).contains("extended QP and send operations");
    }
}
