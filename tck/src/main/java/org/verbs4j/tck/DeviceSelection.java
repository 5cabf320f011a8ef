package org.verbs4j.tck;

import java.util.List;
import java.util.Optional;
import org.verbs4j.Device;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.VerbsProvider;

/**
 * The device the kit runs on, chosen from the provider under test and the {@link TckEnvironment}, or
 * why there is none.
 *
 * @param device the device, or empty
 * @param reason why there is no device; empty when there is one
 */
record DeviceSelection(Optional<Device> device, String reason) {

    static DeviceSelection select(VerbsProvider provider, TckEnvironment environment) {
        if (provider == null) {
            return none("the test class's provider() returned null");
        }
        Availability availability = provider.availability();
        if (!availability.available()) {
            return none("provider '" + provider.id() + "' is unavailable: " + availability.reason());
        }
        List<Device> devices = provider.devices();
        if (environment.deviceName().isPresent()) {
            String name = environment.deviceName().get();
            return devices.stream().filter(device -> device.name().equals(name)).findFirst()
                    .map(DeviceSelection::of)
                    .orElseGet(() -> none("provider '" + provider.id() + "' offers no device named '" + name
                            + "' (verbs4j.tck.device); its devices: " + devices.stream().map(Device::name).toList()));
        }
        return devices.isEmpty() ? none("provider '" + provider.id() + "' offers no device on this machine")
                : of(devices.getFirst());
    }

    private static DeviceSelection of(Device device) {
        return new DeviceSelection(Optional.of(device), "");
    }

    private static DeviceSelection none(String reason) {
        return new DeviceSelection(Optional.empty(), reason);
    }
}
