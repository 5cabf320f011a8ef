package org.verbs4j.tck.broken;

import org.verbs4j.ProtectionDomain;

/** Bug: a protection domain dereferences the window type it is given, so a null type is a NullPointerException. */
final class TrustsItsArguments implements Breakage {

    @Override
    public ProtectionDomain protectionDomain(ProtectionDomain real, Decorations decorations) {
        return decorations.decorate(ProtectionDomain.class, real, (proxy, method, args) -> {
            if (method.getName().equals("allocateMemoryWindow") && args[0] == null) {
                throw new NullPointerException("Cannot invoke \"org.verbs4j.MwType.value()\" because \"type\" is null");
            }
            return decorations.forward(real, method, args);
        });
    }
}
