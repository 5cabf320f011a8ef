package org.verbs4j.provider.soft.wire;

/** A soft device as the wire sees it: its place on the network. Implemented by the soft device alone. */
public interface NetworkDevice {

    /** Its port on the network, or null if it is not bound to an address. */
    NetworkPort networkPort();

    /** Where the management datagrams of its QP1 go. */
    MadReceiver cmWire();
}
