package org.verbs4j.tck.remote;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * How a mutable value (a request, an out-parameter, a copied segment) crosses: its shape builds an empty one,
 * its state fills it and comes back after the call if the peer changed it, its links lead to further such
 * objects (a request chain).
 */
interface MutableCodec<T> {

    Class<T> type();

    void writeShape(T value, DataOutputStream out) throws IOException;

    T create(DataInputStream in) throws IOException;

    void writeState(T value, Encoder out) throws IOException;

    void readState(T value, Decoder in) throws IOException;

    default void writeLinks(T value, Encoder out) throws IOException {
    }

    default void readLinks(T value, Decoder in) throws IOException {
    }
}
