package org.verbs4j.provider.soft.wire.roce;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** The TCP exchange of the {@code ibv_*_pingpong} tools, in either role (test programs only). */
final class PingpongLink {

    private static final byte[] DONE = "done\0".getBytes(StandardCharsets.US_ASCII);
    private static final int TIMEOUT_MS = 120_000;

    private PingpongLink() {
    }

    /** The client writes its record first, reads the server's, then writes "done". */
    static PingpongRecord asClient(InetAddress server, int port, PingpongRecord mine) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(server, port), TIMEOUT_MS);
            socket.setSoTimeout(TIMEOUT_MS);
            socket.getOutputStream().write(mine.encode());
            PingpongRecord theirs = PingpongRecord.decode(readFully(socket.getInputStream(), PingpongRecord.BYTES));
            socket.getOutputStream().write(DONE);
            return theirs;
        }
    }

    /** The server reads the client's record, answers with its own (its queue pair is ready), reads "done". */
    static PingpongRecord asServer(InetAddress local, int port, PingpongRecord mine) throws IOException {
        try (ServerSocket listener = new ServerSocket()) {
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(local, port), 1);
            listener.setSoTimeout(TIMEOUT_MS);
            try (Socket socket = listener.accept()) {
                socket.setSoTimeout(TIMEOUT_MS);
                PingpongRecord theirs = PingpongRecord.decode(readFully(socket.getInputStream(), PingpongRecord.BYTES));
                socket.getOutputStream().write(mine.encode());
                socket.getInputStream().readNBytes(DONE.length);
                return theirs;
            }
        }
    }

    private static byte[] readFully(InputStream in, int length) throws IOException {
        byte[] bytes = in.readNBytes(length);
        if (bytes.length != length) {
            throw new IOException("the peer closed after " + bytes.length + " of " + length + " bytes");
        }
        return bytes;
    }
}
