package org.verbs4j.tck.remote;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ServiceLoader;
import org.verbs4j.spi.VerbsProvider;

/**
 * The peer JVM's entry: loads the provider named by its argument, listens on a loopback port, prints it on its
 * standard output, and serves the one kit JVM that connects until it ends.
 */
final class PeerMain {

    /** The line with which the peer announces its port. */
    static final String PORT_LINE = "verbs4j-peer-port ";

    private PeerMain() {
    }

    public static void main(String[] args) throws IOException {
        VerbsProvider provider = ServiceLoader.load(VerbsProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(candidate -> candidate.id().equals(args[0])).findFirst()
                .orElseThrow(() -> new IllegalStateException("no provider '" + args[0] + "' on the class path"));
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            announce(System.out, server.getLocalPort());
            try (Socket socket = server.accept()) {
                new PeerServer(socket, provider).serve();
            }
        }
        System.exit(0);
    }

    private static void announce(PrintStream out, int port) {
        out.println(PORT_LINE + port);
        out.flush();
    }
}
