package org.verbs4j.provider.soft;

import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * What a soft device that is a host of its own ({@link SoftDevice#separateHost()}) lacks, because the RoCE v2 wire
 * does not carry it yet: multicast (no IP multicast group). Its context reports the capability off, and the verbs
 * that would need it fail with EOPNOTSUPP naming the reason. XRC (XRCETH), ATOMIC_WRITE and FLUSH cross the wire,
 * and so does tag matching: its messages are ordinary SENDs starting with a TMH, and a rendezvous is an RDMA READ
 * and a FIN SEND on the same connection.
 */
final class SeparateHost {

    private static final Set<Capability> OFF_THE_WIRE = EnumSet.of(Capability.MULTICAST);

    private SeparateHost() {
    }

    /** @return the capabilities of a context of {@code device} */
    static Capabilities capabilities(SoftDevice device) {
        Capabilities profile = DeviceProfile.capabilities();
        EnumSet<Capability> all = EnumSet.noneOf(Capability.class);
        for (Capability capability : Capability.values()) {
            if (profile.supports(capability)) {
                all.add(capability);
            }
        }
        if (device.separateHost()) {
            all.removeAll(OFF_THE_WIRE);
        }
        return Capabilities.of(all);
    }

    /** Fails {@code verb} with EOPNOTSUPP if {@code device} is a separate host and {@code capability} needs the JVM. */
    static void require(SoftDevice device, Capability capability, String verb) {
        if (device.separateHost() && OFF_THE_WIRE.contains(capability)) {
            throw Failures.unsupported(verb, device.name() + " is a separate host (verbs4j.soft.separate-hosts) and "
                    + capability + " does not cross the soft device's RoCE v2 wire yet: " + reason(capability));
        }
    }

    private static String reason(Capability capability) {
        return switch (capability) {
            default -> "a multicast group is no IP multicast group";
        };
    }
}
