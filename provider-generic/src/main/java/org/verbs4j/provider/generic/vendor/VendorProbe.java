package org.verbs4j.provider.generic.vendor;

import java.util.List;
import org.verbs4j.VerbsException;
import org.verbs4j.spi.Availability;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.KernelDriver;
import org.verbs4j.provider.generic.raw.NativeDevice;
import org.verbs4j.provider.generic.raw.NativeLibrary;

/**
 * How a vendor provider decides whether it can work here: its direct-verbs library must load, and
 * libibverbs must list devices bound to its kernel driver.
 *
 * @param vendorLibrary the soname of the vendor's direct-verbs library, e.g. {@code "libmlx5.so.1"}
 * @param kernelDriver the kernel driver of the vendor's devices, e.g. {@code "mlx5_core"}
 * @param deviceKind how to name the devices in messages, e.g. {@code "ConnectX (mlx5)"}
 */
public record VendorProbe(String vendorLibrary, String kernelDriver, String deviceKind) {

    /** @return whether the provider can open devices here and, if not, why */
    public Availability availability() {
        try {
            NativeLibrary.load(vendorLibrary);
            List<NativeDevice> all = Ibverbs.get().deviceList().devices();
            return claimed(all).isEmpty() ? Availability.unavailable(noDeviceReason(all)) : Availability.AVAILABLE;
        } catch (VerbsException e) {
            return Availability.unavailable(e.getMessage());
        }
    }

    /** @return the devices bound to the vendor's kernel driver, or none when unavailable */
    public List<NativeDevice> claimedDevices() {
        return availability().available() ? claimed(Ibverbs.get().deviceList().devices()) : List.of();
    }

    private List<NativeDevice> claimed(List<NativeDevice> all) {
        return all.stream().filter(device -> KernelDriver.of(device.name()).filter(kernelDriver::equals).isPresent())
                .toList();
    }

    private String noDeviceReason(List<NativeDevice> all) {
        return all.isEmpty() ? "no RDMA device on this machine"
                : "no " + deviceKind + " device: " + all.stream().map(NativeDevice::name).toList()
                        + " use other drivers";
    }
}
