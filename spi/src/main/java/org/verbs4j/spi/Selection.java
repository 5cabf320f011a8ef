package org.verbs4j.spi;

import java.util.List;
import java.util.stream.Stream;
import org.verbs4j.Device;
import org.verbs4j.ProviderStatus;
import org.verbs4j.SelectionReport;

/**
 * The outcome of provider selection: the chosen devices and the report that explains them.
 *
 * @param devices the devices of the chosen providers, in selection order
 * @param report every provider found, and why it was chosen or not
 */
record Selection(List<Device> devices, SelectionReport report) {

    /** Copies the list. */
    Selection {
        devices = List.copyOf(devices);
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
                ? ExplicitRule.of(selection, discovery) : DefaultRule.of(discovery.loaded());
        return new Selection(rule.assignment().devices(), new SelectionReport(statuses(rule, discovery),
                rule.description()));
    }

    private static List<ProviderStatus> statuses(SelectionRule rule, Discovery discovery) {
        Stream<ProviderStatus> loaded = rule.order().stream().map(provider -> ProviderStatuses.of(provider, rule));
        return Stream.concat(loaded, discovery.failed().stream().map(FailedProvider::status)).toList();
    }
}
