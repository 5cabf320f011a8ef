package org.verbs4j.spi;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.verbs4j.Device;

/**
 * A provider that was instantiated, with what it said about itself, asked once.
 *
 * @param id the provider id
 * @param kind the provider kind
 * @param type the provider class name
 * @param availability whether it can work here; unavailable with a {@code "failed to load: ..."}
 *     reason when {@code availability()} or {@code devices()} threw, or a {@code "not probed: ..."}
 *     reason when the selection excluded it without asking
 * @param devices the devices it offers; empty when unavailable
 * @param probed whether it was asked for its availability and devices
 */
record LoadedProvider(String id, ProviderKind kind, String type, Availability availability, List<Device> devices,
                      boolean probed) {

    private static final System.Logger LOG = System.getLogger("org.verbs4j.spi");

    /** The default order: by kind (vendor, generic, software), then by id. */
    static final Comparator<LoadedProvider> DEFAULT_ORDER =
            Comparator.comparing(LoadedProvider::kind).thenComparing(LoadedProvider::id);

    /** Copies the list. */
    LoadedProvider {
        devices = List.copyOf(devices);
    }

    /**
     * Asks a provider for its id and kind and, unless the selection excludes it, its availability and
     * devices.
     *
     * @param provider the provider
     * @param type its class name
     * @param selection the selection, which may exclude the provider without probing it
     * @return what it said; if its availability or devices could not be read, unavailable with the cause
     * @throws RuntimeException if {@code id()} or {@code kind()} throws or returns {@code null}
     */
    static LoadedProvider of(VerbsProvider provider, String type, ProviderSelection selection) {
        String id = Objects.requireNonNull(provider.id(), "id() returned null");
        ProviderKind kind = Objects.requireNonNull(provider.kind(), "kind() returned null");
        LoadedProvider loaded = selection.skips(id, kind)
                .map(why -> notProbed(id, kind, type, why))
                .orElseGet(() -> probeSafely(provider, id, kind, type));
        LOG.log(System.Logger.Level.DEBUG, () -> "provider " + id + " (" + kind + ", " + type + "): "
                + (loaded.available() ? "available, devices " + loaded.deviceNames()
                : loaded.availability().reason()));
        return loaded;
    }

    private static LoadedProvider notProbed(String id, ProviderKind kind, String type, String why) {
        return new LoadedProvider(id, kind, type, Availability.unavailable("not probed: " + why), List.of(), false);
    }

    private static LoadedProvider probeSafely(VerbsProvider provider, String id, ProviderKind kind, String type) {
        try {
            return probe(provider, id, kind, type);
        } catch (RuntimeException | LinkageError e) {
            return new LoadedProvider(id, kind, type, Availability.unavailable(FailedProvider.reason(e)), List.of(),
                    true);
        }
    }

    /** @return the names of the devices it offers */
    List<String> deviceNames() {
        return devices.stream().map(Device::name).toList();
    }

    /** @return whether the provider can open devices */
    boolean available() {
        return availability.available();
    }

    /** @return whether the provider emulates devices in software */
    boolean software() {
        return kind == ProviderKind.SOFTWARE;
    }

    private static LoadedProvider probe(VerbsProvider provider, String id, ProviderKind kind, String type) {
        Availability availability = Objects.requireNonNull(provider.availability(), "availability() returned null");
        List<Device> devices = availability.available() ? named(provider.devices()) : List.of();
        return new LoadedProvider(id, kind, type, availability, devices, true);
    }

    private static List<Device> named(List<Device> devices) {
        List<Device> copy = List.copyOf(Objects.requireNonNull(devices, "devices() returned null"));
        copy.forEach(device -> Objects.requireNonNull(device.name(), "a device name is null"));
        return copy;
    }
}
