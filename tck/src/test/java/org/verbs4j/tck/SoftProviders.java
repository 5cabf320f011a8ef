package org.verbs4j.tck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ServiceLoader;
import org.opentest4j.TestAbortedException;
import org.verbs4j.spi.VerbsProvider;

/** Finds the soft provider the way applications do, through ServiceLoader: it exports nothing. */
public final class SoftProviders {

    /** The GID index of a soft device's bound address (its RoCE v2 GID). */
    public static final int WIRE_GID_INDEX = 1;

    private static final String SEPARATE_HOSTS = "verbs4j.soft.separate-hosts";
    private static final String ADDRESSES = "verbs4j.soft.addresses";
    private static final String UDP_PORT = "verbs4j.soft.udp-port";

    private SoftProviders() {
    }

    /** @return the soft provider */
    public static VerbsProvider soft() {
        return ServiceLoader.load(VerbsProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(provider -> provider.id().equals("soft")).findFirst()
                .orElseThrow(() -> new IllegalStateException("the soft provider is not on the test class path"));
    }

    /**
     * The soft provider of a JVM whose soft devices are separate hosts on the network ({@code
     * verbs4j.soft.separate-hosts} and {@code verbs4j.soft.addresses}, set for the JVM); the UDP port, unless set,
     * is one free on both of the first two addresses, so that concurrent runs on one host do not meet.
     *
     * @return the soft provider
     * @throws TestAbortedException in a JVM not configured so (its soft devices meet inside it)
     */
    public static VerbsProvider onTheWire() {
        String addresses = System.getProperty(ADDRESSES, "");
        if (!Boolean.getBoolean(SEPARATE_HOSTS) || addresses.isBlank()) {
            throw new TestAbortedException("the soft devices of this JVM are no separate hosts: the wire run needs a"
                    + " JVM of its own with -D" + SEPARATE_HOSTS + "=true -D" + ADDRESSES + "=... (Surefire's"
                    + " wire-tck execution)");
        }
        if (System.getProperty(UDP_PORT) == null) {
            System.setProperty(UDP_PORT, Integer.toString(freeUdpPort(addresses.split(","))));
        }
        return soft();
    }

    /**
     * @param addresses one or two local addresses
     * @return a UDP port free on the first address and, if given, the second
     */
    public static int freeUdpPort(String... addresses) {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = ephemeralPort(addresses[0].strip(), 0);
            if (addresses.length < 2 || ephemeralPort(addresses[1].strip(), port) == port) {
                return port;
            }
        }
        throw new IllegalStateException("no UDP port free on both " + addresses[0] + " and " + addresses[1]);
    }

    /** @return {@code port} (0: any) if it is free on {@code address}, bound and released; -1 if it is taken */
    private static int ephemeralPort(String address, int port) {
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(address), port))) {
            return socket.getLocalPort();
        } catch (java.net.BindException e) {
            return -1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
