package org.verbs4j.tools.connect;

import java.util.List;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.DeviceCatalog;

/** Picks the device a tool runs on, as the C tools do: by name, or the first one found. */
public final class Devices {

    private Devices() {
    }

    /**
     * @param catalog the devices
     * @param name the device's name, or {@code null} for the first device
     * @return the device, opened
     * @throws IllegalArgumentException if there is no device, or none with that name (the message lists them)
     */
    public static Context open(DeviceCatalog catalog, String name) {
        List<Device> devices = catalog.devices();
        if (devices.isEmpty()) {
            throw new IllegalArgumentException("No IB devices found");
        }
        if (name == null) {
            return devices.getFirst().open();
        }
        return devices.stream().filter(device -> device.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("IB device " + name + " not found (devices: "
                        + String.join(", ", devices.stream().map(Device::name).toList()) + ")"))
                .open();
    }
}
