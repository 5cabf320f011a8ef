package org.verbs4j.tools.connect;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * The TCP connection on which two sides exchange their addresses before any RDMA traffic, as
 * {@code pp_server_exch_dest} and {@code pp_client_exch_dest} open it: the server listens on a port
 * ({@code SO_REUSEADDR}, one connection, then the listener is closed), the client connects.
 *
 * <p>Every wait is bounded by the timeout given: a peer that never connects, never answers or stops
 * half-way gives a {@link PeerException} that says what was awaited, never a hang. A client whose server
 * is not listening yet retries until the timeout (the C client gives up at once).
 */
public final class OutOfBand implements AutoCloseable {

    private static final long RETRY_MILLIS = 100;

    private final Socket socket;
    private final Duration timeout;

    private OutOfBand(Socket socket, Duration timeout) throws IOException {
        this.socket = socket;
        this.timeout = timeout;
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(Math.toIntExact(timeout.toMillis()));
    }

    /**
     * Listens on {@code port} (all addresses) and accepts one client.
     *
     * @param port the TCP port
     * @param timeout how long to wait for the client, and later for each message
     * @return the connection to the client
     * @throws PeerException if the port cannot be bound (for example in use) or no client came in time
     */
    public static OutOfBand accept(int port, Duration timeout) {
        try (ServerSocket listener = new ServerSocket()) {
            listener.setReuseAddress(true);
            bind(listener, port);
            listener.setSoTimeout(Math.toIntExact(timeout.toMillis()));
            return new OutOfBand(listener.accept(), timeout);
        } catch (SocketTimeoutException noClient) {
            throw new PeerException("no client connected to TCP port " + port + " within " + seconds(timeout),
                    noClient);
        } catch (IOException failure) {
            throw new PeerException("cannot accept a client on TCP port " + port + ": " + failure.getMessage(),
                    failure);
        }
    }

    private static void bind(ServerSocket listener, int port) {
        try {
            listener.bind(new InetSocketAddress(port), 1);
        } catch (IOException failure) {
            throw new PeerException("cannot listen on TCP port " + port + ": " + failure.getMessage(), failure);
        }
    }

    /**
     * Connects to a server, retrying while nothing listens there yet, until the timeout.
     *
     * @param host the server's name or address
     * @param port the TCP port
     * @param timeout how long to try, and later how long to wait for each message
     * @return the connection to the server
     * @throws PeerException if no server accepted in time or the host is unknown
     */
    public static OutOfBand connect(String host, int port, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                Socket socket = new Socket();
                socket.connect(new InetSocketAddress(host, port), Math.toIntExact(timeout.toMillis()));
                return new OutOfBand(socket, timeout);
            } catch (ConnectException refused) {
                if (System.nanoTime() - deadline > 0) {
                    throw new PeerException("couldn't connect to " + host + ":" + port + " within " + seconds(timeout)
                            + ": " + refused.getMessage() + " (is the server running?)", refused);
                }
                pause();
            } catch (UnknownHostException unknown) {
                throw new PeerException("couldn't connect to " + host + ":" + port + ": unknown host " + host, unknown);
            } catch (IOException failure) {
                throw new PeerException("couldn't connect to " + host + ":" + port + ": " + failure, failure);
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new PeerException("interrupted while connecting", interrupted);
        }
    }

    /**
     * Sends one message in one write, as the C peers read it with one {@code read(2)}.
     *
     * @param message the bytes
     * @param what what they are, for the error message
     */
    public void write(byte[] message, String what) {
        try {
            socket.getOutputStream().write(message);
            socket.getOutputStream().flush();
        } catch (IOException failure) {
            throw new PeerException("couldn't send " + what + " to the peer: " + failure.getMessage(), failure);
        }
    }

    /**
     * @param length how many bytes to read
     * @param what what they are, for the error message
     * @return exactly {@code length} bytes
     * @throws PeerException if the peer closes the connection first or stays silent past the timeout
     */
    public byte[] read(int length, String what) {
        byte[] message = new byte[length];
        try {
            readFully(socket.getInputStream(), message);
            return message;
        } catch (SocketTimeoutException silent) {
            throw new PeerException("the peer did not send " + what + " within " + seconds(timeout), silent);
        } catch (EOFException closed) {
            throw new PeerException("the peer closed the connection instead of sending " + what, closed);
        } catch (IOException failure) {
            throw new PeerException("couldn't read " + what + " from the peer: " + failure.getMessage(), failure);
        }
    }

    private static void readFully(InputStream in, byte[] message) throws IOException {
        int done = 0;
        while (done < message.length) {
            int n = in.read(message, done, message.length - done);
            if (n < 0) {
                throw new EOFException();
            }
            done += n;
        }
    }

    /** @return the timeout of this connection's waits */
    public Duration timeout() {
        return timeout;
    }

    /** @return the peer's address, for messages */
    public String peer() {
        return String.valueOf(socket.getRemoteSocketAddress());
    }

    private static String seconds(Duration timeout) {
        return timeout.toMillis() / 1000.0 + " s";
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a socket after the exchange: nothing is left to tell the peer
        }
    }
}
