package org.verbs4j.provider.generic.vendor;

import java.util.Set;
import org.verbs4j.Capability;

/**
 * What a vendor adds to an open device ({@link DirectVerbs#queryDevice}).
 *
 * @param capabilities capabilities offered on top of the generic ones, for example
 *     {@link Capability#CQ_SOURCE_GID} when {@link DirectVerbs#createCq} can read that field
 * @param view the vendor's view of the device that {@code Context.unwrap} returns, or {@code null}
 */
public record VendorDevice(Set<Capability> capabilities, Object view) {

    /** Nothing added: the generic device. */
    public static final VendorDevice NONE = new VendorDevice(Set.of(), null);

    /** Copies the capabilities. */
    public VendorDevice {
        capabilities = Set.copyOf(capabilities);
    }
}
