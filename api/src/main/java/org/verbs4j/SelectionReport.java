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

    /** @return whether no provider offers any device */
    public boolean noDevices() {
        return providers.stream().allMatch(status -> status.deviceNames().isEmpty());
    }
}
