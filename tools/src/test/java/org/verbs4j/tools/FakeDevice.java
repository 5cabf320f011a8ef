package org.verbs4j.tools;

import java.util.function.Function;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;

/** A device whose {@link #open()} returns a context made by a function, or throws what it throws. */
record FakeDevice(String name, String providerId, long nodeGuid, NodeType nodeType, TransportType transportType,
                  Function<Device, Context> opener) implements Device {

    @Override
    public Context open() {
        return opener.apply(this);
    }
}
