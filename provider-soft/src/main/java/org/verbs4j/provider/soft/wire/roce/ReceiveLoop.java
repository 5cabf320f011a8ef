package org.verbs4j.provider.soft.wire.roce;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A daemon thread that receives an endpoint's packets and hands them to a handler until the endpoint closes.
 * {@link #close()} closes the endpoint and waits for the thread to end.
 */
public final class ReceiveLoop implements AutoCloseable {

    private final RoceEndpoint endpoint;
    private final PacketHandler handler;
    private final Thread thread;
    private final AtomicLong socketErrors = new AtomicLong();

    private ReceiveLoop(RoceEndpoint endpoint, PacketHandler handler) {
        this.endpoint = endpoint;
        this.handler = handler;
        this.thread = Thread.ofPlatform().daemon().name(nameOf(endpoint.localAddress())).unstarted(this::run);
    }

    /** @return {@code verbs4j-roce-rx-PORT}, or {@code verbs4j-roce-mcast-GROUP-PORT} for a group's endpoint */
    private static String nameOf(InetSocketAddress local) {
        InetAddress address = local.getAddress();
        return address.isMulticastAddress() ? "verbs4j-roce-mcast-" + address.getHostAddress() + "-" + local.getPort()
                : "verbs4j-roce-rx-" + local.getPort();
    }

    /**
     * @param endpoint the endpoint, which the loop then owns
     * @param handler receives every sound packet, in the loop's thread
     * @return the running loop
     */
    public static ReceiveLoop start(RoceEndpoint endpoint, PacketHandler handler) {
        ReceiveLoop loop = new ReceiveLoop(endpoint, handler);
        loop.thread.start();
        return loop;
    }

    /** @return how many receives failed with a socket error other than the close (the loop went on) */
    public long socketErrors() {
        return socketErrors.get();
    }

    private void run() {
        while (endpoint.isOpen()) {
            try {
                endpoint.receive(handler);
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                socketErrors.incrementAndGet();
            }
        }
    }

    /**
     * Closes the endpoint without waiting: the thread ends after the packet it may be handling, which the caller
     * may be keeping waiting (for a lock the handler takes).
     *
     * @throws IOException if closing the socket fails
     */
    public void stop() throws IOException {
        endpoint.close();
    }

    /** Closes the endpoint and waits for the thread to end. */
    @Override
    public void close() throws IOException {
        endpoint.close();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
