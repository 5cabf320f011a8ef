package org.verbs4j.tck;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.Objects;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.verbs4j.spi.VerbsProvider;

/**
 * Runs the whole kit against a provider through the JUnit Platform launcher, without a build tool, and
 * returns the summary: the way an operator checks a new RDMA host ({@code verbs4j tck}).
 *
 * <pre>{@code
 * TckSummary summary = TckLauncher.run(provider, TckEnvironment.fromSystem(), Path.of("tck-report.txt"));
 * out.print(summary.render());
 * }</pre>
 *
 * <p>One run at a time per JVM: concurrent calls wait for each other.
 */
public final class TckLauncher {

    private static final Object ONE_RUN_AT_A_TIME = new Object();

    private TckLauncher() {
    }

    /**
     * Runs every area of the kit.
     *
     * @param provider the provider under test
     * @param environment the device, port, GID index and timeouts to use
     * @param reportFile where the report is also written
     * @return the results per area, and the reason if the provider had no device
     */
    public static TckSummary run(VerbsProvider provider, TckEnvironment environment, Path reportFile) {
        return run(provider, environment, reportFile, TckProgress.NONE);
    }

    /**
     * Runs every area of the kit, telling {@code progress} about each area as it completes.
     *
     * @param provider the provider under test
     * @param environment the device, port, GID index and timeouts to use
     * @param reportFile where the report is also written
     * @param progress told the counts of each area after its last test
     * @return the results per area, and the reason if the provider had no device
     */
    public static TckSummary run(VerbsProvider provider, TckEnvironment environment, Path reportFile,
                                 TckProgress progress) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(progress, "progress");
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(LaunchedKit.class))
                .configurationParameter(TckReport.REPORT_FILE, reportFile.toAbsolutePath().toString())
                .build();
        SummaryListener listener = new SummaryListener(progress);
        synchronized (ONE_RUN_AT_A_TIME) {
            TckReport.restart(reportFile);
            LaunchedKit.launch(provider, environment);
            try {
                Launcher launcher = LauncherFactory.create();
                launcher.execute(request, listener);
            } finally {
                LaunchedKit.clear();
            }
        }
        return listener.summary();
    }
}
