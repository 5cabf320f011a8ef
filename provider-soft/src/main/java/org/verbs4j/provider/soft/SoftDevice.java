package org.verbs4j.provider.soft;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.Errno;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.soft.wire.NetworkDevice;
import org.verbs4j.provider.soft.wire.NetworkPort;
import org.verbs4j.provider.soft.wire.SoftNetwork;

/** One soft device, {@code soft0}, {@code soft1}, ...: a channel adapter with one RoCE-style port. */
public final class SoftDevice implements Device, NetworkDevice {

    /** The locally administered MAC prefix 02:53:4f:46:54 ("SOFT"); the last byte is the device. */
    private static final long GUID_BASE = 0x00534ffffe465400L;

    private final SoftFabric fabric;
    private final int index;
    private final InetAddress networkAddress;
    private final List<GidEntry> gidTable;
    private volatile NetworkPort networkPort;
    private volatile CmWire cmWire;

    /** @param networkAddress the address the device binds, or {@code null} for a device inside the JVM */
    SoftDevice(SoftFabric fabric, int index, InetAddress networkAddress) {
        this.fabric = fabric;
        this.index = index;
        this.networkAddress = networkAddress;
        this.gidTable = DeviceProfile.gidTable(this);
    }

    /** @return the valid entries of port 1's GID table */
    List<GidEntry> gidTable() {
        return gidTable;
    }

    /** @return whether {@code gid} is a GID of this device's port */
    boolean ownsGid(Gid gid) {
        for (int i = 0; i < gidTable.size(); i++) {
            if (gidTable.get(i).gid().equals(gid)) {
                return true;
            }
        }
        return false;
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
        if (fabric.closed()) {
            throw VerbsException.of("ibv_open_device", Errno.ENODEV.code(), name() + ": its soft devices were closed");
        }
        if (networkAddress != null) {
            openNetworkPort();
        }
        return SoftObject.created(new SoftContext(fabric, this));
    }

    /** Binds the device's address the first time a context opens; the port then lives as long as the fabric. */
    private synchronized void openNetworkPort() {
        if (networkPort == null) {
            try {
                networkPort = NetworkPort.open(fabric, this, networkAddress);
            } catch (IOException | IllegalArgumentException e) {
                throw SoftNetwork.openFailed(name(), networkAddress, e);
            }
        }
    }

    /** Unbinds the device's address, if it was bound, and ends its receive loop. */
    synchronized void closeNetworkPort() {
        if (networkPort != null) {
            networkPort.close();
        }
    }

    /** @return the address the device is bound to on the network, or {@code null} if it lives inside the JVM */
    InetAddress networkAddress() {
        return networkAddress;
    }

    /** @return whether the device is a host of its own: bound to an address, with separate hosts configured */
    boolean separateHost() {
        return networkAddress != null && fabric.network().separateHosts();
    }

    /** @return the device's RoCE v2 port, or {@code null} while no context opened it (or inside the JVM) */
    public NetworkPort networkPort() {
        return networkPort;
    }

    /** @return the device's IB CM on the network, or {@code null} before the connection manager needed it */
    public CmWire cmWire() {
        return cmWire;
    }

    public void cmWire(CmWire wire) {
        this.cmWire = wire;
    }

    @Override
    public org.verbs4j.cm.ConnectionManager connectionManager() {
        return fabric.connectionManager();
    }

    int index() {
        return index;
    }

    @Override
    public String toString() {
        return name();
    }
}
