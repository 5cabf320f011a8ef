package org.verbs4j.tck.remote;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/** Length-prefixed messages on the connection between the kit JVM and its peer. */
final class Frames {

    /** A message of the kit JVM: call a method of a peer object (id, calling thread, handle, method, arguments). */
    static final byte CALL = 1;
    /** A message of the kit JVM: close what the peer holds and end. */
    static final byte SHUTDOWN = 2;

    private Frames() {
    }

    /** Sends one message; messages of several threads do not interleave. */
    static void send(DataOutputStream out, ByteArrayOutputStream message) throws IOException {
        synchronized (out) {
            out.writeInt(message.size());
            message.writeTo(out);
            out.flush();
        }
    }

    /** @return the next message, null at the end of the stream */
    static byte[] receive(DataInputStream in) throws IOException {
        int length;
        try {
            length = in.readInt();
        } catch (EOFException end) {
            return null;
        }
        byte[] message = new byte[length];
        in.readFully(message);
        return message;
    }
}
