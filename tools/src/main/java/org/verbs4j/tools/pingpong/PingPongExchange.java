package org.verbs4j.tools.pingpong;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.verbs4j.Destination;
import org.verbs4j.tools.connect.OutOfBand;
import org.verbs4j.tools.connect.PingPongMessage;

/**
 * The address exchange of {@code pp_client_exch_dest} and {@code pp_server_exch_dest}: the client
 * writes its records, the server reads them, connects its queue pairs (so that the client's first send
 * finds them ready), answers with its own, and waits for the client's {@code "done\0"}.
 */
final class PingPongExchange {

    private static final byte[] DONE = "done\0".getBytes(StandardCharsets.US_ASCII);

    private PingPongExchange() {
    }

    /**
     * @param link the connection to the client
     * @param mine this side's records (unused slots {@link Destination#NONE})
     * @param connect connects this side's queue pairs to the client's records before the answer
     * @return the client's records
     */
    static List<Destination> asServer(OutOfBand link, List<Destination> mine, Consumer<List<Destination>> connect) {
        List<Destination> remote = readAll(link, mine.size());
        connect.accept(remote);
        writeAll(link, mine);
        link.read(DONE.length, "its \"done\" after the addresses");
        return remote;
    }

    /**
     * @param link the connection to the server
     * @param mine this side's records
     * @return the server's records
     */
    static List<Destination> asClient(OutOfBand link, List<Destination> mine) {
        writeAll(link, mine);
        List<Destination> remote = readAll(link, mine.size());
        link.write(DONE, "\"done\"");
        return remote;
    }

    private static void writeAll(OutOfBand link, List<Destination> records) {
        for (Destination record : records) {
            link.write(PingPongMessage.encode(record), "the local address");
        }
    }

    private static List<Destination> readAll(OutOfBand link, int count) {
        List<Destination> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            records.add(PingPongMessage.decode(link.read(PingPongMessage.SIZE, "its address")));
        }
        return records;
    }
}
