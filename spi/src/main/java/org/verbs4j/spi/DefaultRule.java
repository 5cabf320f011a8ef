package org.verbs4j.spi;

import java.util.List;
import java.util.Optional;

/**
 * The default rule: vendor providers first, then generic, each device served by the first
 * provider in that order that offers it; software providers only when no other provider offers a
 * device. Within a kind, providers are ordered by id, and two of the same kind offering the same
 * device is an error.
 *
 * <p>With {@value ProviderSelection#HARDWARE}, software providers are never used (nor probed).
 *
 * @param order the providers by kind, then id
 * @param assignment which provider serves each device
 * @param softwareUsed whether software providers competed for devices
 * @param hardwareOnly whether software providers are forbidden
 */
record DefaultRule(List<LoadedProvider> order, DeviceAssignment assignment, boolean softwareUsed,
                   boolean hardwareOnly) implements SelectionRule {

    private static final String SOFTWARE_HELD_BACK = "software providers are used only when no other provider"
            + " offers a device, or when named in " + ProviderSelection.PROPERTY;
    private static final String NO_EMULATOR = "software providers are not used with " + ProviderSelection.PROPERTY
            + "=" + ProviderSelection.HARDWARE;

    /**
     * @param providers the loaded providers
     * @param hardwareOnly whether software providers are forbidden ({@value ProviderSelection#HARDWARE})
     * @return the rule applied to them
     * @throws org.verbs4j.InvalidArgumentException if two providers of the same kind offer the same device
     */
    static DefaultRule of(List<LoadedProvider> providers, boolean hardwareOnly) {
        List<LoadedProvider> order = providers.stream().sorted(LoadedProvider.DEFAULT_ORDER).toList();
        DeviceAssignment assignment = new DeviceAssignment(true);
        offer(order, false, assignment);
        boolean softwareUsed = assignment.isEmpty() && !hardwareOnly;
        if (softwareUsed) {
            offer(order, true, assignment);
        }
        return new DefaultRule(order, assignment, softwareUsed, hardwareOnly);
    }

    @Override
    public Optional<String> exclusion(LoadedProvider provider) {
        if (!provider.software() || softwareUsed) {
            return Optional.empty();
        }
        return Optional.of(hardwareOnly ? NO_EMULATOR : SOFTWARE_HELD_BACK);
    }

    @Override
    public String description() {
        return hardwareOnly ? "hardware only: vendor providers, then generic, each device served by the first that"
                + " offers it; never a software provider; by id within a kind"
                : "default order: vendor providers, then generic, each device served by the first that offers it;"
                + " software providers only when no other provider offers a device; by id within a kind";
    }

    private static void offer(List<LoadedProvider> order, boolean software, DeviceAssignment assignment) {
        order.stream().filter(provider -> provider.available() && provider.software() == software)
                .forEach(assignment::offer);
    }
}
