package org.verbs4j.provider.generic.binding;

import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.UnsupportedVerbException;

/**
 * A device of libibverbs' device list as a provider offers it. Opening it is not implemented yet:
 * {@link #open()} reports that clearly instead of pretending.
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
        throw new UnsupportedVerbException("ibv_open_device",
                "provider '" + providerId + "' lists " + name() + " but cannot open devices yet");
    }
}
