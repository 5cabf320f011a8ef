package org.verbs4j.tck.broken;

import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.ProtectionDomain;

/** Bug: every memory region is registered with local write and full remote access, whatever was asked. */
final class IgnoresAccessFlags implements Breakage {

    @Override
    public ProtectionDomain protectionDomain(ProtectionDomain real, Decorations decorations) {
        return decorations.decorate(ProtectionDomain.class, real, (proxy, method, args) -> {
            if (method.getName().equals("registerMemory")) {
                EnumSet<AccessFlag> everything = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
                        AccessFlag.REMOTE_READ);
                @SuppressWarnings("unchecked")
                Set<AccessFlag> asked = (Set<AccessFlag>) args[1];
                everything.addAll(asked);
                return real.registerMemory((MemorySegment) args[0], everything);
            }
            return decorations.forward(real, method, args);
        });
    }
}
