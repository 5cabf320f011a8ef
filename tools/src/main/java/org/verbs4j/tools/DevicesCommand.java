package org.verbs4j.tools;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.DeviceCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code verbs4j devices}: the providers found, and every device with its attributes and ports.
 */
@Command(name = "devices",
        mixinStandardHelpOptions = true,
        description = "Lists the providers Verbs4J found (available or not, chosen or not, and why), then every"
                + " device they offer with its attributes, limits, capabilities and ports, like ibv_devinfo.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success, also when no provider offers a device",
            "1:a device could not be read (the others are still shown), or the devices could not be listed",
            "2:usage error, or no device has the name given with --device"})
final class DevicesCommand implements Callable<Integer> {

    /** What the command says when the catalog has no device. */
    static final String NO_DEVICE = "No provider offers a device on this machine.";

    private static final int OK = 0;
    private static final int DEVICE_FAILED = 1;
    private static final int USAGE = 2;

    private final Supplier<DeviceCatalog> catalog;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-d", "--device"}, paramLabel = "NAME", description = "Show only the device NAME.")
    private String deviceName;

    @Option(names = {"-v", "--verbose"}, description = "Show every limit and flag (the default shows the main ones).")
    private boolean verbose;

    @Option(names = {"-i", "--ib-port"}, paramLabel = "PORT",
            description = "Show only port PORT of each device (as ibv_devinfo -i).")
    private int port;

    @Option(names = {"-l", "--list"}, description = "Only list the names of the devices (as ibv_devinfo -l).")
    private boolean listOnly;

    /**
     * @param catalog supplies the device catalog, for example {@code Verbs::catalog}
     */
    DevicesCommand(Supplier<DeviceCatalog> catalog) {
        this.catalog = catalog;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            return run(out, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    private int run(PrintWriter out, PrintWriter err) {
        if (port < 0) {
            err.println("verbs4j devices: --ib-port must be 1 or more, not " + port);
            return USAGE;
        }
        DeviceCatalog devices;
        List<Device> all;
        try {
            devices = catalog.get();
            all = devices.devices();
        } catch (RuntimeException failure) {
            err.println("verbs4j devices: cannot list the devices: " + Text.describe(failure));
            return DEVICE_FAILED;
        }
        if (listOnly) {
            return list(all, out);
        }
        if (all.isEmpty()) {
            out.println(NO_DEVICE);
            new ProviderReportFormatter().print(devices.report(), out);
            return deviceName == null ? OK : noSuchDevice(all, err);
        }
        if (deviceName != null) {
            Optional<Device> device = all.stream().filter(each -> each.name().equals(deviceName)).findFirst();
            return device.isPresent() ? printDevices(List.of(device.get()), out, err) : noSuchDevice(all, err);
        }
        new ProviderReportFormatter().print(devices.report(), out);
        out.println();
        return printDevices(all, out, err);
    }

    /** Prints the device names as {@code ibv_devinfo -l} does. */
    private static int list(List<Device> devices, PrintWriter out) {
        out.println(devices.size() + " HCA" + (devices.size() == 1 ? "" : "s") + " found:");
        devices.forEach(device -> out.println("\t" + device.name()));
        return OK;
    }

    private int printDevices(List<Device> devices, PrintWriter out, PrintWriter err) {
        DeviceFormatter formatter = new DeviceFormatter(verbose, port);
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) {
            if (i > 0) {
                out.println();
            }
            Device device = devices.get(i);
            if (!print(formatter, device, out)) {
                failed.add(device.name());
            }
        }
        if (failed.isEmpty()) {
            return OK;
        }
        err.println("verbs4j devices: " + failed.size() + " of " + devices.size()
                + " devices could not be read: " + String.join(", ", failed));
        return DEVICE_FAILED;
    }

    /**
     * Prints one device; a failure to read it is printed in its place.
     *
     * @return whether the device could be read
     */
    private static boolean print(DeviceFormatter formatter, Device device, PrintWriter out) {
        try {
            formatter.printIdentity(device, out);
            try (Context context = device.open()) {
                formatter.printContext(context, out);
            }
            return true;
        } catch (RuntimeException failure) {
            out.println(Text.field(2, "error", Text.describe(failure)));
            return false;
        }
    }

    private int noSuchDevice(List<Device> devices, PrintWriter err) {
        err.println("verbs4j devices: no device named '" + deviceName + "'; devices: "
                + (devices.isEmpty() ? "(none)" : String.join(", ", devices.stream().map(Device::name).toList())));
        return USAGE;
    }
}
