package org.verbs4j.provider.soft;

import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.TagMatchingCaps;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * What a soft device that is a host of its own ({@link SoftDevice#separateHost()}) lacks, because the RoCE v2 wire
 * does not carry it yet: tag matching (its rendezvous reads and FIN). Its context reports these capabilities off
 * and {@code tm_caps} empty, and the verbs that would need them fail with EOPNOTSUPP naming the reason. XRC
 * (XRCETH), ATOMIC_WRITE, FLUSH and multicast (as IP multicast, where the device's interface carries it) cross
 * the wire.
 */
final class SeparateHost {

    private static final Set<Capability> OFF_THE_WIRE = EnumSet.of(Capability.TAG_MATCHING);

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

    /** @return {@code profile}, without tag matching if {@code device} is a separate host */
    static DeviceAttributes attributes(SoftDevice device, DeviceAttributes profile) {
        if (!device.separateHost()) {
            return profile;
        }
        DeviceAttributes p = profile;
        return new DeviceAttributes(p.firmwareVersion(), p.nodeGuid(), p.sysImageGuid(), p.vendorId(),
                p.vendorPartId(), p.hwVersion(), p.physPortCount(), p.pageSizeCap(), p.deviceCapFlags(),
                p.deviceCapFlagsEx(), p.atomicCap(), p.localCaAckDelay(), p.limits(), p.completionTimestampMask(),
                p.hcaCoreClockKhz(), TagMatchingCaps.NONE, p.odpCaps(), p.maxDmSize());
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
            case TAG_MATCHING -> "the rendezvous READ and FIN of tag matching stay inside a JVM";
            default -> "it stays inside a JVM";
        };
    }
}
