package org.verbs4j.provider.generic.vendor;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.provider.generic.objects.ListedDevice;

/**
 * A vendor provider built on the generic binding: it claims the devices of its kernel driver when its
 * direct-verbs library loads ({@link VendorProbe}).
 */
public abstract class VendorProvider implements VerbsProvider {

    private final String id;
    private final VendorProbe probe;

    /**
     * @param id the provider id
     * @param probe how the provider recognises its library and devices
     */
    protected VendorProvider(String id, VendorProbe probe) {
        this.id = id;
        this.probe = probe;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final ProviderKind kind() {
        return ProviderKind.VENDOR;
    }

    @Override
    public final Availability availability() {
        return probe.availability();
    }

    @Override
    public final List<Device> devices() {
        return probe.claimedDevices().stream().<Device>map(device -> new ListedDevice(device, id)).toList();
    }
}
