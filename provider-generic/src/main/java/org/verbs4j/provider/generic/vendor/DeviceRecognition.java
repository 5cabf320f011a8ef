package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;
import java.util.OptionalInt;
import org.verbs4j.provider.generic.raw.NativeDevice;
import org.verbs4j.provider.generic.raw.Sysfs;

/**
 * How a vendor provider recognises its devices in libibverbs' device list, as rdma-core's own tools do:
 * by the PCI vendor id of the bus device ({@link #pciVendor}), by the vendor library's own test on the
 * {@code struct ibv_device *} (such as an {@code is_supported} function), or by a successful vendor query.
 * Never by the kernel driver's name.
 */
@FunctionalInterface
public interface DeviceRecognition {

    /**
     * @param device the entry of the device list
     * @param pointer its C {@code struct ibv_device *}, valid during the call only
     * @return whether the device is the vendor's
     */
    boolean recognises(NativeDevice device, MemorySegment pointer);

    /**
     * @param vendorId a PCI vendor id, for example {@code 0x1d0f} (Amazon)
     * @return a recognition of the devices whose bus device has that vendor id in the sysfs tree libibverbs
     *     uses ({@link Sysfs#current()}, which honours {@code SYSFS_PATH})
     */
    static DeviceRecognition pciVendor(int vendorId) {
        return (device, pointer) -> pciVendor(vendorId, Sysfs.current()).recognises(device, pointer);
    }

    /**
     * @param vendorId a PCI vendor id
     * @param sysfs the sysfs tree to read
     * @return a recognition of the devices whose bus device has that vendor id in that tree
     */
    static DeviceRecognition pciVendor(int vendorId, Sysfs sysfs) {
        return (device, pointer) -> sysfs.pciVendorId(device.name()).equals(OptionalInt.of(vendorId));
    }

    /**
     * @param library the soname of the vendor's library
     * @param function its exported test, C {@code bool function(struct ibv_device *)}, looked up on first use
     * @return a recognition of the devices the library's test accepts
     */
    static DeviceRecognition testedBy(String library, String function) {
        return new LibraryRecognition(library, function);
    }
}
