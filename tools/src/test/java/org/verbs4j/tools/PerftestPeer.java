package org.verbs4j.tools;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A perftest client from outside this JVM, played by hand on the wire: versions, system data, MTU, keys. */
final class PerftestPeer {

    private PerftestPeer() {
    }

    /** Connects to a verbs4j perf server and sends a C client's first messages, with a queue pair that is not here. */
    static void exchangeAsForeignClient(int port) throws Exception {
        try (Socket socket = connect(port)) {
            OutputStream out = socket.getOutputStream();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            exchange(out, in, padded("6.24", 16));
            exchange(out, in, new byte[] {0, 0, 16, 0});
            exchange(out, in, new byte[] {0, 0, 0, 64});
            exchange(out, in, new byte[] {'3', 0});
            String keys = "0000:0001:0abcde:012345:00001234:00007f0000001000:"
                    + "00:00:00:00:00:00:00:00:00:00:ff:ff:0a:00:00:01:00000000:";
            out.write(padded(keys, 108));
            out.flush();
            in.read(new byte[108]);
        }
    }

    private static void exchange(OutputStream out, DataInputStream in, byte[] message) throws Exception {
        out.write(message);
        out.flush();
        in.readFully(new byte[message.length]);
    }

    private static byte[] padded(String text, int size) {
        byte[] bytes = new byte[size];
        byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(ascii, 0, bytes, 0, ascii.length);
        return bytes;
    }

    private static Socket connect(int port) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                return new Socket("localhost", port);
            } catch (IOException notYet) {
                if (attempt > 100) {
                    throw new AssertionError("the server never listened", notYet);
                }
                Thread.sleep(50);
            }
        }
    }
}
