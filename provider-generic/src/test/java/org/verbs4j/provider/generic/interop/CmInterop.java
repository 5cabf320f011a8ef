package org.verbs4j.provider.generic.interop;

import java.net.InetSocketAddress;
import org.verbs4j.Verbs;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.provider.generic.GenericProvider;

/**
 * A Java peer of rdma-core's C tools over the generic provider's connection manager, for
 * {@code vm/run-cm-interop.sh}: {@code CmInterop MODE ADDRESS PORT [SIZE COUNT]} with MODE one of
 * {@code rdma-server} (for the C {@code rdma_client}), {@code rdma-client} (to the C {@code rdma_server}),
 * {@code rping-server} (for {@code rping -c}), {@code rping-client} (to {@code rping -s}),
 * {@code udaddy-client} (to {@code udaddy}, whose port is 7174), {@code udaddy-server} (for the C
 * {@code udaddy -s}, on port 7174), {@code ucmatose-server} (for {@code ucmatose -s}),
 * {@code ucmatose-client} (to {@code ucmatose}), and {@code atomic-server}, {@code atomic-client},
 * {@code flush-server} and {@code flush-client} (ATOMIC WRITE, and FLUSH, between two of these programs:
 * {@link AtomicWritePeer}). A server prints {@code LISTENING} once it listens. Prints {@code OK: ...} and exits 0, or {@code FAILED: ...} and exits 1.
 * With {@code -Dverbs4j.providers} set, the selected provider's connection manager serves instead
 * ({@code vm/run-roce-wire.sh soft-cm} and {@code soft-atomic}: the soft device on the network).
 */
public final class CmInterop {

    private CmInterop() {
    }

    /**
     * @param args MODE ADDRESS PORT [SIZE COUNT]
     */
    public static void main(String[] args) {
        try {
            System.out.println("OK: " + run(args));
            System.exit(0);
        } catch (RuntimeException e) {
            System.out.println("FAILED: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    /**
     * @return the generic provider's connection manager, or, with the system property {@code verbs4j.providers}
     *     set, that of the provider it selects (the soft devices on the network, for instance)
     */
    private static ConnectionManager connectionManager() {
        return System.getProperty("verbs4j.providers") == null ? new GenericProvider().connectionManager()
                : Verbs.connectionManager();
    }

    private static String run(String[] args) {
        ConnectionManager cm = connectionManager();
        InetSocketAddress address = new InetSocketAddress(args[1], Integer.parseInt(args[2]));
        int size = args.length > 3 ? Integer.parseInt(args[3]) : 64;
        int count = args.length > 4 ? Integer.parseInt(args[4]) : 10;
        Runnable ready = () -> {
            System.out.println("LISTENING");
            System.out.flush();
        };
        return switch (args[0]) {
            case "rdma-server" -> RdmaExamplePeer.serve(cm, address, ready);
            case "rdma-client" -> RdmaExamplePeer.connect(cm, address);
            case "rping-server" -> RpingPeer.serve(cm, address, size, ready);
            case "rping-client" -> RpingPeer.connect(cm, address, size, count);
            case "udaddy-client" -> UdaddyPeer.connect(cm, address, size, count);
            case "udaddy-server" -> UdaddyPeer.serve(cm, address, size, count, ready);
            case "ucmatose-server" -> UcmatosePeer.serve(cm, address, size, count, ready);
            case "ucmatose-client" -> UcmatosePeer.connect(cm, address, size, count);
            case "atomic-server" -> AtomicWritePeer.serve(cm, address, ready);
            case "atomic-client" -> AtomicWritePeer.connect(cm, address, false);
            case "flush-server" -> AtomicWritePeer.serve(cm, address, ready);
            case "flush-client" -> AtomicWritePeer.connect(cm, address, true);
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        };
    }
}
