package org.verbs4j.tools;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.verbs4j.Device;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.TckEnvironment;
import org.verbs4j.tck.TckLauncher;
import org.verbs4j.tck.TckSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code verbs4j tck}: runs the conformance kit against an installed provider and prints the summary
 * table, the way an operator checks a new RDMA host. While it runs, standard error gets one line per
 * area as the area completes, and every few seconds the time taken so far.
 */
@Command(name = "tck", mixinStandardHelpOptions = true,
        description = "Runs the Verbs4J conformance kit against an installed provider and prints the summary.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every test passed or is unsupported", "1:a test failed, or there is no device",
                "2:usage error: unknown provider, or no device has the name given with --device"})
final class TckCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-p", "--provider"}, paramLabel = "ID",
            description = "The provider to check (default: the one chosen for the first device).")
    private String providerId;

    @Option(names = {"-d", "--device"}, paramLabel = "NAME", description = "The device to run on.")
    private String deviceName;

    @Option(names = {"-o", "--output", "--report"}, paramLabel = "FILE",
            description = "Where the report is also written (default: verbs4j-tck-report.txt in the temporary"
                    + " directory).")
    private Path reportFile;

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(5);

    private final Supplier<List<VerbsProvider>> providers;
    private final Supplier<DeviceCatalog> catalog;

    TckCommand(Supplier<List<VerbsProvider>> providers, Supplier<DeviceCatalog> catalog) {
        this.providers = providers;
        this.catalog = catalog;
    }

    @Override
    public Integer call() {
        List<VerbsProvider> installed = providers.get();
        Optional<String> id = providerId != null ? Optional.of(providerId) : defaultProviderId();
        Optional<VerbsProvider> provider = id.flatMap(wanted -> byId(installed, wanted));
        if (provider.isEmpty()) {
            return usageError(id, installed);
        }
        if (deviceName != null && !offers(provider.get(), deviceName)) {
            return noSuchDevice(provider.get());
        }
        Path report = reportFile != null ? reportFile : defaultReport();
        TckSummary summary = runWithProgress(provider.get(), report);
        new TckSummaryFormatter().print(summary, out());
        out().println();
        out().println("report: " + report.toAbsolutePath());
        out().flush();
        return summary.failed() > 0 || !summary.noDeviceReasons().isEmpty() ? 1 : 0;
    }

    private TckSummary runWithProgress(VerbsProvider provider, Path report) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("Running the Verbs4J TCK on provider " + provider.id()
                + (deviceName == null ? "" : ", device " + deviceName) + "...");
        err.flush();
        Progress progress = Progress.every(PROGRESS_INTERVAL, err);
        try {
            return TckLauncher.run(provider, environment(), report, new AreaProgress(err));
        } finally {
            progress.close();
        }
    }

    private static Path defaultReport() {
        return Path.of(System.getProperty("java.io.tmpdir"), "verbs4j-tck-report.txt");
    }

    private static boolean offers(VerbsProvider provider, String name) {
        return provider.availability().available()
                && provider.devices().stream().anyMatch(device -> device.name().equals(name));
    }

    private int noSuchDevice(VerbsProvider provider) {
        List<String> names = provider.availability().available()
                ? provider.devices().stream().map(Device::name).toList() : List.of();
        PrintWriter err = spec.commandLine().getErr();
        err.println("no device named '" + deviceName + "' on provider " + provider.id() + "; devices: "
                + (names.isEmpty() ? "(none)" : String.join(", ", names)));
        err.flush();
        return 2;
    }

    private Optional<String> defaultProviderId() {
        return catalog.get().devices().stream().findFirst().map(Device::providerId);
    }

    private static Optional<VerbsProvider> byId(List<VerbsProvider> installed, String id) {
        return installed.stream().filter(provider -> provider.id().equals(id)).findFirst();
    }

    private TckEnvironment environment() {
        TckEnvironment system = TckEnvironment.fromSystem();
        return deviceName == null ? system : new TckEnvironment(Optional.of(deviceName), system.portNum(),
                system.gidIndex(), system.completionTimeout(), system.eventTimeout());
    }

    private int usageError(Optional<String> id, List<VerbsProvider> installed) {
        List<String> ids = installed.stream().map(VerbsProvider::id).toList();
        PrintWriter err = spec.commandLine().getErr();
        err.println(id.map(wanted -> "no installed provider has the id '" + wanted + "'")
                .orElse("no provider offers a device; name one with --provider") + "; installed: " + ids);
        err.flush();
        return 2;
    }

    private PrintWriter out() {
        return spec.commandLine().getOut();
    }
}
