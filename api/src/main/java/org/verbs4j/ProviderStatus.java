package org.verbs4j;

import java.util.List;

/**
 * One provider as discovery saw it.
 *
 * @param id the provider id, for example {@code "generic"}, {@code "efa"}, {@code "mlx5"} or {@code "soft"}
 * @param available whether the provider can open devices on this machine; {@code false} also for a
 *     provider the selection excluded without probing it
 * @param unavailableReason why it cannot (library missing, no device, other driver, failed to load), or
 *     {@code "not probed: <why>"} for a provider the selection excluded, or an empty string when available
 * @param chosen whether it was chosen for at least one device
 * @param selectionReason why it was chosen, or why not
 * @param deviceNames the devices it serves in this catalog (empty when not chosen)
 */
public record ProviderStatus(String id, boolean available, String unavailableReason, boolean chosen,
                             String selectionReason, List<String> deviceNames) {

    /** Copies the list. */
    public ProviderStatus {
        deviceNames = List.copyOf(deviceNames);
    }
}
