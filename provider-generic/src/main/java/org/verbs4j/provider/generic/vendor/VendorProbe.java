package org.verbs4j.provider.generic.vendor;

import java.util.List;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.NativeDevice;
import org.verbs4j.provider.generic.raw.NativeLibrary;
import org.verbs4j.spi.Availability;

/**
 * How a vendor provider decides whether it can work here: its direct-verbs library must load, and
 * libibverbs must list devices that the vendor recognises.
 *
 * @param vendorLibrary the soname of the vendor's direct-verbs library, e.g. {@code "libefa.so.1"}
 * @param recognition how the vendor recognises its devices
 * @param deviceKind how to name the devices in messages, e.g. {@code "EFA"}
 */
public record VendorProbe(String vendorLibrary, DeviceRecognition recognition, String deviceKind) {

    /** @return whether the provider can open devices here and, if not, why */
    public Availability availability() {
        try {
            NativeLibrary.load(vendorLibrary);
            List<NativeDevice> all = Ibverbs.get().deviceList().devices();
            return claimed().isEmpty() ? Availability.unavailable(noDeviceReason(all)) : Availability.AVAILABLE;
        } catch (VerbsException e) {
            return Availability.unavailable(e);
        }
    }

    /** @return the devices the vendor recognises, or none when unavailable */
    public List<NativeDevice> claimedDevices() {
        try {
            NativeLibrary.load(vendorLibrary);
            return claimed();
        } catch (VerbsException e) {
            return List.of();
        }
    }

    private List<NativeDevice> claimed() {
        return Ibverbs.get().deviceList().devices(recognition::recognises);
    }

    private String noDeviceReason(List<NativeDevice> all) {
        return all.isEmpty() ? "no RDMA device on this machine"
                : "no " + deviceKind + " device: " + all.stream().map(NativeDevice::name).toList()
                        + " are not " + deviceKind + " devices";
    }
}
