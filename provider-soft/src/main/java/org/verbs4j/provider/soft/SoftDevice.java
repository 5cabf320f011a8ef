package org.verbs4j.provider.soft;

import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;

/** One soft device, {@code soft0}, {@code soft1}, ...: a channel adapter with one RoCE-style port. */
final class SoftDevice implements Device {

    /** The locally administered MAC prefix 02:53:4f:46:54 ("SOFT"); the last byte is the device. */
    private static final long GUID_BASE = 0x00534ffffe465400L;

    private final SoftFabric fabric;
    private final int index;

    SoftDevice(SoftFabric fabric, int index) {
        this.fabric = fabric;
        this.index = index;
    }

    @Override
    public String name() {
        return "soft" + index;
    }

    @Override
    public String providerId() {
        return SoftProvider.ID;
    }

    @Override
    public long nodeGuid() {
        return GUID_BASE | (index + 1);
    }

    @Override
    public NodeType nodeType() {
        return NodeType.CA;
    }

    @Override
    public TransportType transportType() {
        return TransportType.IB;
    }

    @Override
    public Context open() {
        return SoftObject.created(new SoftContext(fabric, this));
    }

    @Override
    public org.verbs4j.cm.ConnectionManager connectionManager() {
        return SoftConnectionManager.instance();
    }

    int index() {
        return index;
    }

    @Override
    public String toString() {
        return name();
    }
}
