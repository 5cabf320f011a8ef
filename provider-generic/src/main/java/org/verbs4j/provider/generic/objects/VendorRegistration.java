package org.verbs4j.provider.generic.objects;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.vendor.CreatedMr;
import org.verbs4j.provider.generic.vendor.MrRegistration;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * Memory a vendor's verb registers on a generic protection domain ({@code VendorRegistrar}): through the
 * vendor's {@code DirectVerbs.registerMr}, whose generic path refuses, since libibverbs has no such verb.
 */
final class VendorRegistration {

    private VendorRegistration() {
    }

    static MemoryRegion register(NativeProtectionDomain pd, String verb, long address, long length,
            Set<AccessFlag> access) {
        return VerbsEvents.memoryRegistered(pd.deviceName(), () -> registered(pd, verb, address, length, access));
    }

    private static MemoryRegion registered(NativeProtectionDomain pd, String verb, long address, long length,
            Set<AccessFlag> access) {
        if (length == 0) {
            throw new InvalidArgumentException(verb, "the length is 0");
        }
        NativeProtectionDomain.checkAccess(access, verb);
        int bits = (int) Flags.toBits(verb, access);
        try (Arena call = Arena.ofConfined()) {
            CreatedMr created = pd.context.directVerbs().registerMr(new MrRegistration(pd.pointer(), address, length,
                    bits, call, () -> refuse(pd, verb)));
            return new NativeMemoryRegion(pd, created, MemorySegment.NULL, address, length,
                    NativeProtectionDomain.accessSet(access));
        }
    }

    private static MemorySegment refuse(NativeProtectionDomain pd, String verb) {
        throw new UnsupportedVerbException(verb, pd.context.directVerbs() + " has no such registration on "
                + pd.context.device().name());
    }
}
