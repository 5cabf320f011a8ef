package org.verbs4j.provider.generic.objects;

import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.NativeDevice;

/**
 * A device of libibverbs' device list as a provider offers it; {@link #open()} opens it with
 * {@code ibv_open_device}.
 *
 * @param info the device list entry
 * @param providerId the provider that offers it
 */
public record ListedDevice(NativeDevice info, String providerId) implements Device {

    @Override
    public String name() {
        return info.name();
    }

    @Override
    public long nodeGuid() {
        return info.nodeGuid();
    }

    @Override
    public NodeType nodeType() {
        return info.nodeType();
    }

    @Override
    public TransportType transportType() {
        return info.transportType();
    }

    @Override
    public Context open() {
        return Ibverbs.get().deviceList().withDevice(name(), device -> NativeContext.open(this, device));
    }
}
