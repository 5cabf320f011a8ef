package org.verbs4j.spi;

import java.util.List;
import java.util.Optional;

/**
 * The default rule: vendor providers first, then generic, each device served by the first
 * provider in that order that offers it; software providers only when no other provider offers a
 * device. Within a kind, providers are ordered by id, and two of the same kind offering the same
 * device is an error.
 *
 * @param order the providers by kind, then id
 * @param assignment which provider serves each device
 * @param softwareUsed whether software providers competed for devices
 */
record DefaultRule(List<LoadedProvider> order, DeviceAssignment assignment, boolean softwareUsed)
        implements SelectionRule {

    private static final String SOFTWARE_HELD_BACK = "software providers are used only when no other provider"
            + " offers a device, or when named in " + ProviderSelection.PROPERTY;

    /**
     * @param providers the loaded providers
     * @return the rule applied to them
     * @throws org.verbs4j.InvalidArgumentException if two providers of the same kind offer the same device
     */
    static DefaultRule of(List<LoadedProvider> providers) {
        List<LoadedProvider> order = providers.stream().sorted(LoadedProvider.DEFAULT_ORDER).toList();
        DeviceAssignment assignment = new DeviceAssignment(true);
        offer(order, false, assignment);
        boolean softwareUsed = assignment.isEmpty();
        if (softwareUsed) {
            offer(order, true, assignment);
        }
        return new DefaultRule(order, assignment, softwareUsed);
    }

    @Override
    public Optional<String> exclusion(LoadedProvider provider) {
        return provider.software() && !softwareUsed ? Optional.of(SOFTWARE_HELD_BACK) : Optional.empty();
    }

    @Override
    public String description() {
        return "default order: vendor providers, then generic, each device served by the first that offers it;"
                + " software providers only when no other provider offers a device; by id within a kind";
    }

    private static void offer(List<LoadedProvider> order, boolean software, DeviceAssignment assignment) {
        order.stream().filter(provider -> provider.available() && provider.software() == software)
                .forEach(assignment::offer);
    }
}
