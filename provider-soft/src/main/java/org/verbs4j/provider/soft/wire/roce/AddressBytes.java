package org.verbs4j.provider.soft.wire.roce;

import java.net.InetAddress;

/**
 * The bytes of the last address asked for, kept while the same address object comes back: the JDK's datagram
 * channel returns one cached sender object while the sender stays the same, so steady traffic allocates nothing.
 */
final class AddressBytes {

    private InetAddress last;
    private byte[] bytes;

    byte[] of(InetAddress address) {
        if (address != last) {
            bytes = address.getAddress();
            last = address;
        }
        return bytes;
    }
}
