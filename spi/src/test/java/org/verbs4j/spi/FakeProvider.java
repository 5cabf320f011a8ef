package org.verbs4j.spi;

import java.util.Arrays;
import java.util.List;
import org.verbs4j.Device;

/**
 * A provider that reports fixed values.
 *
 * @param id the provider id
 * @param kind the provider kind
 * @param availability whether it is available
 * @param devices the devices it offers
 */
record FakeProvider(String id, ProviderKind kind, Availability availability, List<Device> devices)
        implements VerbsProvider {

    static FakeProvider vendor(String id, String... deviceNames) {
        return available(id, ProviderKind.VENDOR, deviceNames);
    }

    static FakeProvider generic(String id, String... deviceNames) {
        return available(id, ProviderKind.GENERIC, deviceNames);
    }

    static FakeProvider software(String id, String... deviceNames) {
        return available(id, ProviderKind.SOFTWARE, deviceNames);
    }

    static FakeProvider available(String id, ProviderKind kind, String... deviceNames) {
        List<Device> devices = Arrays.stream(deviceNames).map(name -> FakeDevice.of(name, id)).toList();
        return new FakeProvider(id, kind, Availability.AVAILABLE, devices);
    }

    static FakeProvider unavailable(String id, ProviderKind kind, String reason) {
        return new FakeProvider(id, kind, Availability.unavailable(reason), List.of());
    }
}
