package org.verbs4j.tck.broken;

import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.UnsupportedVerbException;

/**
 * Not a bug: a device without shared receive queues that says so clearly, with the capability off and
 * EOPNOTSUPP from ibv_create_srq_ex.
 */
final class LacksSharedReceiveQueues implements Breakage {

    private final HidesACapability hides = new HidesACapability(Capability.SRQ);

    @Override
    public void beforeContextVerb(String verb) {
        if (verb.equals("createSharedReceiveQueue")) {
            throw new UnsupportedVerbException("ibv_create_srq_ex", "this device has no shared receive queues");
        }
    }

    @Override
    public Capabilities capabilities(Capabilities real) {
        return hides.capabilities(real);
    }
}
