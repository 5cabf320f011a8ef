package org.verbs4j.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.verbs4j.spi.VerbsProvider;

/** On a host without the provider's device, the kit says "no device" once, with the reason. */
class NoDeviceTest {

    /** The whole kit against a provider without a device; run through EngineTestKit, not by Surefire. */
    static class NoDeviceKit extends VerbsTck {
        @Override
        protected VerbsProvider provider() {
            return new NoDeviceProvider();
        }
    }

    @TempDir
    Path directory;

    @Test
    @DisplayName("the kit's class is aborted once with the reason, and none of its tests starts")
    void abortedOnceWithTheReason() throws Exception {
        Path report = directory.resolve("report.txt");
        Events containers = EngineTestKit.engine("junit-jupiter")
                .configurationParameter("verbs4j.tck.report", report.toString())
                .selectors(selectClass(NoDeviceKit.class)).execute().containerEvents();
        assertThat(containers.aborted().stream().map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly("NoDeviceTest$NoDeviceKit");
        assertThat(containers.aborted().list().getFirst().getPayload(
                TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow())
                .hasMessage("no device: provider 'nodevice' is unavailable: " + NoDeviceProvider.REASON);
        assertThat(Files.readString(report).lines().toList()).as("the title, the reason, the column header and no"
                        + " area: no test ran").hasSize(3)
                .element(1).isEqualTo("NO DEVICE: provider 'nodevice' is unavailable: " + NoDeviceProvider.REASON);
    }

    @Test
    @DisplayName("no test of the kit starts when there is no device")
    void noTestStarts() {
        Events tests = EngineTestKit.engine("junit-jupiter")
                .configurationParameter("verbs4j.tck.report", directory.resolve("report.txt").toString())
                .selectors(selectClass(NoDeviceKit.class)).execute().testEvents();
        assertThat(tests.started().count()).isZero();
        assertThat(tests.skipped().count()).isZero();
    }
}
