package org.verbs4j.spi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.verbs4j.Device;
import org.verbs4j.InvalidArgumentException;

/**
 * Which provider serves each device name: the first provider offered a device keeps it. Devices
 * stay in the order they were first offered.
 */
final class DeviceAssignment {

    private final boolean rejectTies;
    private final Map<String, Claim> claims = new LinkedHashMap<>();

    /**
     * @param rejectTies whether two providers of the same kind offering the same device is an error
     *     (the default order) rather than first-wins (an explicit list)
     */
    DeviceAssignment(boolean rejectTies) {
        this.rejectTies = rejectTies;
    }

    /**
     * Gives the provider each device it offers that no earlier provider took.
     *
     * @param provider an available provider
     * @throws InvalidArgumentException if ties are rejected and a provider of the same kind already
     *     serves one of its devices
     */
    void offer(LoadedProvider provider) {
        provider.devices().forEach(device -> claim(provider, device));
    }

    /** @return whether no device is served */
    boolean isEmpty() {
        return claims.isEmpty();
    }

    /** @return the served devices, in the order they were first offered */
    List<Device> devices() {
        return claims.values().stream().map(Claim::device).toList();
    }

    /**
     * @param provider a provider
     * @return the names of the devices it serves
     */
    List<String> servedBy(LoadedProvider provider) {
        return claims.entrySet().stream().filter(claim -> claim.getValue().provider() == provider)
                .map(Map.Entry::getKey).toList();
    }

    /**
     * @param deviceName a device name
     * @return the id of the provider that serves it, or {@code "no provider"}
     */
    String ownerOf(String deviceName) {
        Claim claim = claims.get(deviceName);
        return claim == null ? "no provider" : claim.provider().id();
    }

    private void claim(LoadedProvider provider, Device device) {
        Claim first = claims.putIfAbsent(device.name(), new Claim(provider, device));
        if (rejectTies && first != null && first.provider() != provider && first.provider().kind() == provider.kind()) {
            throw ambiguous(device.name(), first.provider(), provider);
        }
    }

    private static InvalidArgumentException ambiguous(String deviceName, LoadedProvider first, LoadedProvider second) {
        return new InvalidArgumentException("provider selection", "device '" + deviceName + "' is offered by two "
                + first.kind().name().toLowerCase(Locale.ROOT) + " providers, '" + first.id() + "' (" + first.type()
                + ") and '" + second.id() + "' (" + second.type() + "); set " + ProviderSelection.PROPERTY + " (or "
                + ProviderSelection.ENVIRONMENT_VARIABLE + ") to choose, for example -D" + ProviderSelection.PROPERTY
                + "=" + first.id() + "," + second.id());
    }

    private record Claim(LoadedProvider provider, Device device) {
    }
}
