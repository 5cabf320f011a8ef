package org.verbs4j.provider.generic.vendor;

import java.util.List;
import java.util.Set;
import org.verbs4j.Capability;
import org.verbs4j.VendorAttribute;

/**
 * What a vendor adds to an open device ({@link DirectVerbs#queryDevice}), and what it takes away.
 *
 * @param capabilities capabilities offered on top of the generic ones, for example
 *     {@link Capability#CQ_SOURCE_GID} when {@link DirectVerbs#createCq} can read that field
 * @param view the vendor's view of the device that {@code Context.unwrap} returns, or {@code null}
 * @param attributes what the vendor's query reports, returned by {@code Context.vendorAttributes}
 * @param withdrawn generic capabilities the vendor's library refuses on this device (for example
 *     {@link Capability#QP_RC} on a device without that transport); the context does not report them
 */
public record VendorDevice(Set<Capability> capabilities, Object view, List<VendorAttribute> attributes,
        Set<Capability> withdrawn) {

    /** Nothing added: the generic device. */
    public static final VendorDevice NONE = new VendorDevice(Set.of(), null);

    /** Copies the sets and the attributes. */
    public VendorDevice {
        capabilities = Set.copyOf(capabilities);
        attributes = List.copyOf(attributes);
        withdrawn = Set.copyOf(withdrawn);
    }

    /**
     * @param capabilities capabilities offered on top of the generic ones
     * @param view the vendor's view of the device, or {@code null}
     * @param attributes what the vendor's query reports
     */
    public VendorDevice(Set<Capability> capabilities, Object view, List<VendorAttribute> attributes) {
        this(capabilities, view, attributes, Set.of());
    }

    /**
     * @param capabilities capabilities offered on top of the generic ones
     * @param view the vendor's view of the device, or {@code null}
     */
    public VendorDevice(Set<Capability> capabilities, Object view) {
        this(capabilities, view, List.of());
    }

    /**
     * @param refused generic capabilities the vendor's library refuses on this device
     * @return this device without them
     */
    public VendorDevice withdrawing(Set<Capability> refused) {
        return new VendorDevice(capabilities, view, attributes, refused);
    }
}
