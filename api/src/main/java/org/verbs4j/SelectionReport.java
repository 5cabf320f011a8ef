package org.verbs4j;

import java.util.List;

/**
 * What provider discovery found: every provider, whether it is available (and why not), whether
 * it was chosen, and the devices it serves.
 *
 * @param providers one entry per provider found, in selection order
 * @param selectionRule how the order was decided, for example
 *     {@code "default order: hardware providers, then generic, then soft only if no other device"}
 *     or {@code "verbs4j.providers=soft"}
 */
public record SelectionReport(List<ProviderStatus> providers, String selectionRule) {

    /** Copies the list. */
    public SelectionReport {
        providers = List.copyOf(providers);
    }

    /** @return the providers that were chosen for at least one device */
    public List<ProviderStatus> chosen() {
        return providers.stream().filter(ProviderStatus::chosen).toList();
    }

    /**
     * @return the rule, then a table with one row per provider: its id, its state (chosen, not
     *     chosen, unavailable, not probed), the devices it serves, and why, for example
     *     <pre>
     * Provider selection: verbs4j.providers=soft: only these providers, ...
     * PROVIDER  STATE       DEVICES  WHY
     * soft      chosen      soft0    chosen for soft0
     * generic   not probed  -        not probed: not named in verbs4j.providers</pre>
     */
    @Override
    public String toString() {
        return SelectionReportTable.format(this);
    }

    /** @return whether no provider offers any device */
    public boolean noDevices() {
        return providers.stream().allMatch(status -> status.deviceNames().isEmpty());
    }
}
