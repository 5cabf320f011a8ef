package org.verbs4j.tools.perf;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.verbs4j.DeviceCatalog;

/**
 * Both sides of a test in this process: the server in a thread of its own, the client here, connected
 * through a free TCP port of this host and two queue pairs of the device (through its port, or inside
 * the soft device). Only the client's output is printed; a failure of either side is reported.
 */
final class Loopback {

    private final PerfSettings settings;
    private final PrintWriter out;
    private final PrintWriter err;

    Loopback(PerfSettings settings, PrintWriter out, PrintWriter err) {
        this.settings = settings;
        this.out = out;
        this.err = err;
    }

    void run(DeviceCatalog catalog) {
        PerfSettings server = settings.asSide(false).withPort(freePort());
        PrintWriter silent = new PrintWriter(Writer.nullWriter());
        CompletableFuture<Void> serverSide = CompletableFuture.runAsync(
                () -> new PerfRun(server, silent, silent).run(catalog));
        try {
            new PerfRun(settings.asSide(true).withPort(server.tcpPort()), out, err).run(catalog);
        } catch (RuntimeException clientFailure) {
            serverSide.exceptionally(ignored -> null).join();
            throw clientFailure;
        }
        try {
            serverSide.join();
        } catch (CompletionException serverFailure) {
            throw serverFailure.getCause() instanceof RuntimeException cause ? cause : serverFailure;
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }
}
