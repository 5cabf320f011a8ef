package org.verbs4j;

import java.util.Collection;
import java.util.EnumSet;

/**
 * The set of {@link Capability capabilities} a device supports.
 */
public final class Capabilities {

    private final EnumSet<Capability> supported;

    private Capabilities(EnumSet<Capability> supported) {
        this.supported = supported;
    }

    /**
     * @param supported the supported capabilities
     * @return the capability set
     */
    public static Capabilities of(Collection<Capability> supported) {
        EnumSet<Capability> copy = EnumSet.noneOf(Capability.class);
        copy.addAll(supported);
        return new Capabilities(copy);
    }

    /**
     * @param capability a capability
     * @return whether the device supports it
     */
    public boolean supports(Capability capability) {
        return supported.contains(capability);
    }

    /**
     * @param capability a capability the caller needs
     * @param operation the verb that needs it
     * @throws UnsupportedVerbException if the device does not support it
     */
    public void require(Capability capability, String operation) {
        if (!supports(capability)) {
            throw new UnsupportedVerbException(operation, "the device does not support " + capability);
        }
    }

    /** @return the supported capabilities, in declaration order */
    public EnumSet<Capability> supported() {
        return EnumSet.copyOf(supported);
    }

    /** @return the unsupported capabilities, in declaration order */
    public EnumSet<Capability> unsupported() {
        return EnumSet.complementOf(supported());
    }

    @Override
    public String toString() {
        return supported().toString();
    }
}
