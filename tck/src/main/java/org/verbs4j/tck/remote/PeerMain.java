package org.verbs4j.tck.remote;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ServiceLoader;
import org.verbs4j.spi.VerbsProvider;

/**
 * The peer JVM's entry: loads the provider named by its first argument, connects to the kit JVM's loopback port
 * (its second argument) and serves it until it ends.
 */
final class PeerMain {

    private PeerMain() {
    }

    public static void main(String[] args) throws IOException {
        VerbsProvider provider = ServiceLoader.load(VerbsProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(candidate -> candidate.id().equals(args[0])).findFirst()
                .orElseThrow(() -> new IllegalStateException("no provider '" + args[0] + "' on the class path"));
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(args[1]))) {
            new PeerServer(socket, provider).serve();
        }
        System.exit(0);
    }
}
