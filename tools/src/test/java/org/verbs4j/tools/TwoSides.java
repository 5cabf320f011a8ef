package org.verbs4j.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.verbs4j.Verbs;

/** A server and a client of one tool run in this JVM, on the devices Verbs4J finds (the soft device). */
record TwoSides(Run server, Run client) {

    /**
     * @param serverArgs the server's arguments
     * @param clientArgs the client's arguments (the host last)
     * @return both runs, once both ended
     */
    static TwoSides run(String[] serverArgs, String[] clientArgs) throws Exception {
        CompletableFuture<Run> server = CompletableFuture.supplyAsync(() -> Run.of(Verbs::catalog, serverArgs));
        Run client = Run.of(Verbs::catalog, clientArgs);
        return new TwoSides(server.get(2, TimeUnit.MINUTES), client);
    }

    /** @return a TCP port that was free a moment ago */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }

    /** @return {@code args} then {@code more} */
    static String[] concat(String[] args, String... more) {
        return Stream.concat(Stream.of(args), Stream.of(more)).toArray(String[]::new);
    }
}
