package org.verbs4j.tck.broken;

import org.verbs4j.UnsupportedVerbException;

/** Not a bug: a provider that offers no connection manager and says so, as {@code Device}'s default does. */
final class LacksConnectionManagement implements Breakage {

    @Override
    public void beforeDeviceVerb(String verb) {
        if (verb.equals("connectionManager")) {
            throw new UnsupportedVerbException("rdma_create_event_channel", "this provider offers no connection"
                    + " manager");
        }
    }
}
