package org.verbs4j.provider.soft.wire.roce.rc;

import org.verbs4j.provider.soft.wire.roce.Transport;

/** The transports these machines run. */
final class Transports {

    private Transports() {
    }

    static void requireConnected(Transport transport) {
        if (transport != Transport.RC && transport != Transport.UC && transport != Transport.XRC) {
            throw new IllegalArgumentException("a connected transport (RC, UC or XRC) is needed, not " + transport);
        }
    }
}
