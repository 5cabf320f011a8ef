package org.verbs4j.provider.mlx5;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.provider.generic.binding.ListedDevice;
import org.verbs4j.provider.generic.binding.VendorProbe;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

/**
 * The ConnectX (mlx5) provider: the generic binding plus libmlx5.so.1 direct verbs, for devices bound to the
 * {@code mlx5_core} kernel driver.
 */
public final class Mlx5Provider implements VerbsProvider {

    /** The provider id. */
    public static final String ID = "mlx5";

    private static final VendorProbe PROBE = new VendorProbe("libmlx5.so.1", "mlx5_core", "ConnectX (mlx5)");

    /** Creates the provider; nothing native is touched until it is asked for its availability. */
    public Mlx5Provider() {
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
