package org.verbs4j.spi;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.verbs4j.Device;
import org.verbs4j.ProviderStatus;

/**
 * Writes the {@link ProviderStatus} of a loaded provider: whether it serves devices and, in words,
 * why it serves them or why not, for example
 * {@code "chosen for mlx5_0; not chosen for rxe0: served by generic"}.
 */
final class ProviderStatuses {

    private ProviderStatuses() {
    }

    /**
     * @param provider a loaded provider
     * @param rule the rule that was applied
     * @return the provider's status
     */
    static ProviderStatus of(LoadedProvider provider, SelectionRule rule) {
        List<String> served = rule.assignment().servedBy(provider);
        return new ProviderStatus(provider.id(), provider.available(), provider.availability().reason(),
                !served.isEmpty(), reason(provider, rule), served);
    }

    private static String reason(LoadedProvider provider, SelectionRule rule) {
        if (!provider.probed()) {
            return "not chosen: " + rule.exclusion(provider).orElse("not probed");
        }
        if (!provider.available()) {
            return "not chosen: unavailable: " + provider.availability().reason();
        }
        return rule.exclusion(provider).map(why -> "not chosen: " + why)
                .orElseGet(() -> claims(provider, rule.assignment()));
    }

    private static String claims(LoadedProvider provider, DeviceAssignment assignment) {
        if (provider.devices().isEmpty()) {
            return "not chosen: offers no devices";
        }
        List<String> served = assignment.servedBy(provider);
        Stream<String> chosen = served.isEmpty()
                ? Stream.empty() : Stream.of("chosen for " + String.join(", ", served));
        Stream<String> lost = lost(provider, served).map(name -> "not chosen for " + name + ": served by "
                + assignment.ownerOf(name));
        return Stream.concat(chosen, lost).collect(Collectors.joining("; "));
    }

    private static Stream<String> lost(LoadedProvider provider, List<String> served) {
        return provider.devices().stream().map(Device::name).filter(name -> !served.contains(name)).distinct();
    }
}
