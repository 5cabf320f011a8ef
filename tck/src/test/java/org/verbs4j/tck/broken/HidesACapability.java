package org.verbs4j.tck.broken;

import java.util.EnumSet;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;

/** Bug: the device reports a capability as unsupported, yet creates the objects that need it. */
final class HidesACapability implements Breakage {

    private final Capability hidden;

    HidesACapability(Capability hidden) {
        this.hidden = hidden;
    }

    @Override
    public Capabilities capabilities(Capabilities real) {
        EnumSet<Capability> reported = real.supported();
        reported.remove(hidden);
        return Capabilities.of(reported);
    }
}
