package org.verbs4j.spi;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.verbs4j.InvalidArgumentException;

/**
 * The rule of an explicit list ({@value ProviderSelection#PROPERTY}): only the named providers, in
 * the order named, each device served by the first of them that offers it.
 *
 * @param selection the explicit list
 * @param order the named providers in the order named, then the others in the default order
 * @param assignment which provider serves each device
 */
record ExplicitRule(ProviderSelection selection, List<LoadedProvider> order, DeviceAssignment assignment)
        implements SelectionRule {

    /**
     * @param selection an explicit list
     * @param discovery the providers found
     * @return the rule applied to them
     * @throws InvalidArgumentException if a named provider was not found
     */
    static ExplicitRule of(ProviderSelection selection, Discovery discovery) {
        List<LoadedProvider> named = selection.providerIds().stream()
                .map(id -> find(id, selection, discovery)).toList();
        DeviceAssignment assignment = new DeviceAssignment(false);
        named.stream().filter(LoadedProvider::available).forEach(assignment::offer);
        Stream<LoadedProvider> others = discovery.loaded().stream()
                .filter(provider -> !named.contains(provider)).sorted(LoadedProvider.DEFAULT_ORDER);
        return new ExplicitRule(selection, Stream.concat(named.stream(), others).toList(), assignment);
    }

    @Override
    public Optional<String> exclusion(LoadedProvider provider) {
        return selection.providerIds().contains(provider.id())
                ? Optional.empty() : Optional.of("not named in " + selection.source());
    }

    @Override
    public String description() {
        return selection.describe() + ": only these providers, each device served by the first of them that offers it";
    }

    private static LoadedProvider find(String id, ProviderSelection selection, Discovery discovery) {
        return discovery.loaded().stream().filter(provider -> provider.id().equals(id)).findFirst()
                .orElseThrow(() -> new InvalidArgumentException("provider selection", "provider '" + id
                        + "' named in " + selection.source() + " was not found; found: "
                        + discovery.names().stream().sorted().toList()));
    }
}
