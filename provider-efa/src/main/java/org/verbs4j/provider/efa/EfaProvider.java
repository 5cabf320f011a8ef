package org.verbs4j.provider.efa;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.provider.generic.binding.ListedDevice;
import org.verbs4j.provider.generic.binding.VendorProbe;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

/**
 * The EFA provider: the generic binding plus libefa.so.1 direct verbs, for devices bound to the
 * {@code efa} kernel driver.
 */
public final class EfaProvider implements VerbsProvider {

    /** The provider id. */
    public static final String ID = "efa";

    private static final VendorProbe PROBE = new VendorProbe("libefa.so.1", "efa", "EFA");

    /** Creates the provider; nothing native is touched until it is asked for its availability. */
    public EfaProvider() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ProviderKind kind() {
        return ProviderKind.VENDOR;
    }

    @Override
    public Availability availability() {
        return PROBE.availability();
    }

    @Override
    public List<Device> devices() {
        return PROBE.claimedDevices().stream().<Device>map(device -> new ListedDevice(device, ID)).toList();
    }
}
