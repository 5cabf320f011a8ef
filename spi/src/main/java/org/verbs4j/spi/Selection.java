package org.verbs4j.spi;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.verbs4j.Device;
import org.verbs4j.Errno;
import org.verbs4j.ProviderStatus;
import org.verbs4j.SelectionReport;
import org.verbs4j.VerbsException;

/**
 * The outcome of provider selection: the chosen devices and the report that explains them.
 *
 * @param chosenDevices the devices of the chosen providers, in selection order
 * @param report every provider found, and why it was chosen or not
 * @param refusal why the devices may not be used (with {@value ProviderSelection#HARDWARE} and no
 *     hardware device), or empty
 */
record Selection(List<Device> chosenDevices, SelectionReport report, String refusal) {

    private static final System.Logger LOG = System.getLogger("org.verbs4j.spi");

    /** Copies the list. */
    Selection {
        chosenDevices = List.copyOf(chosenDevices);
    }

    /**
     * Applies a selection to the providers found.
     *
     * @param selection the default order or an explicit list
     * @param discovery the providers found
     * @return the chosen devices and the report
     * @throws org.verbs4j.InvalidArgumentException if provider ids are invalid or repeated, a named
     *     provider is missing, or the default order cannot decide between two providers
     */
    static Selection of(ProviderSelection selection, Discovery discovery) {
        ProviderIds.check(discovery.loaded());
        SelectionRule rule = selection.explicit()
                ? ExplicitRule.of(selection, discovery) : DefaultRule.of(discovery.loaded(), selection.hardwareOnly());
        SelectionReport report = new SelectionReport(statuses(rule, discovery), rule.description());
        String refusal = selection.hardwareOnly() && rule.assignment().isEmpty() ? noHardware(selection, report) : "";
        LOG.log(System.Logger.Level.DEBUG, () -> "provider selection (" + rule.description() + "): devices "
                + rule.assignment().devices().stream().map(device -> device.name() + "@" + device.providerId()).toList()
                + (refusal.isEmpty() ? "" : "; refused: " + refusal));
        return new Selection(rule.assignment().devices(), report, refusal);
    }

    /**
     * @return the chosen devices
     * @throws VerbsException (ENODEV) if {@value ProviderSelection#HARDWARE} found no hardware device
     */
    List<Device> devices() {
        if (!refusal.isEmpty()) {
            throw VerbsException.of("provider selection", (int) Errno.ENODEV.value(), refusal);
        }
        return chosenDevices;
    }

    private static String noHardware(ProviderSelection selection, SelectionReport report) {
        String reasons = report.providers().stream()
                .filter(status -> !status.unavailableReason().startsWith("not probed")).map(status -> status.id() + ": " + why(status)).collect(Collectors.joining("; "));
        return "no hardware provider offers a device, and " + selection.describe() + " forbids the software"
                + " emulator; " + (reasons.isEmpty() ? "no hardware provider was found on the class path or module path"
                : reasons);
    }

    private static String why(ProviderStatus status) {
        return status.available() ? "offers no device" : status.unavailableReason();
    }

    private static List<ProviderStatus> statuses(SelectionRule rule, Discovery discovery) {
        Stream<ProviderStatus> loaded = rule.order().stream().map(provider -> ProviderStatuses.of(provider, rule));
        return Stream.concat(loaded, discovery.failed().stream().map(FailedProvider::status)).toList();
    }
}
