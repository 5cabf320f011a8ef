package org.verbs4j.provider.generic.vendor;

import java.util.List;
import java.util.Set;
import org.verbs4j.Capability;
import org.verbs4j.VendorAttribute;

/**
 * What a vendor adds to an open device ({@link DirectVerbs#queryDevice}).
 *
 * @param capabilities capabilities offered on top of the generic ones, for example
 *     {@link Capability#CQ_SOURCE_GID} when {@link DirectVerbs#createCq} can read that field
 * @param view the vendor's view of the device that {@code Context.unwrap} returns, or {@code null}
 * @param attributes what the vendor's query reports, returned by {@code Context.vendorAttributes}
 */
public record VendorDevice(Set<Capability> capabilities, Object view, List<VendorAttribute> attributes) {

    /** Nothing added: the generic device. */
    public static final VendorDevice NONE = new VendorDevice(Set.of(), null);

    /** Copies the capabilities and attributes. */
    public VendorDevice {
        capabilities = Set.copyOf(capabilities);
        attributes = List.copyOf(attributes);
    }

    /**
     * @param capabilities capabilities offered on top of the generic ones
     * @param view the vendor's view of the device, or {@code null}
     */
    public VendorDevice(Set<Capability> capabilities, Object view) {
        this(capabilities, view, List.of());
    }
}
