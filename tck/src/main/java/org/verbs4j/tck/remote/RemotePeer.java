package org.verbs4j.tck.remote;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.reflect.Method;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.verbs4j.Device;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.spi.VerbsProvider;

/**
 * A provider in another JVM, behind the API: the kit's responder side on a device of another process.
 *
 * <p>{@link #start} launches a JVM with this one's {@code java} and class path, which loads the provider with the
 * given id through {@link java.util.ServiceLoader} and serves calls over a loopback socket. Its output goes to a
 * log file in the temporary directory, whose end a report of its failure quotes; the log goes when it ends. {@link #devices()}
 * returns that provider's devices as proxies: every object they give (contexts, protection domains, queue pairs,
 * completion queues, regions, ...) is a proxy of the peer's object, implementing the same API interfaces; the same
 * peer object is always the same proxy. Values (records, enums, sets, lists, requests, attributes) cross by copy;
 * a request or out-parameter the peer changes is changed in the caller's object too. A user context crosses as a
 * token and comes back as the same object. A verb's exception is thrown again here as the same class with the
 * same message.
 *
 * <p>Memory the peer must see (registered regions) comes from {@link #sharedArena()}: its segments are shared-memory
 * files that the peer maps too, at the same address where it can, so that {@code mr.address()} means the same in
 * both JVMs. Any other segment handed to the peer (inline data, a GRH, an out-parameter) is copied there for the
 * call and its bytes copied back after it.
 *
 * <p>Calls may come from several threads at once; each runs on a thread of its own in the peer, so a blocking one
 * ({@code getEvent}) blocks no other. When the peer JVM ends, every pending and later call fails with a
 * {@link RemotePeerException} naming the call.
 */
public final class RemotePeer implements AutoCloseable {

    private static final long SHUTDOWN_SECONDS = 60;

    private final PeerProcess process;
    private final PeerConnection connection;
    private boolean closed;

    private RemotePeer(PeerProcess process, PeerConnection connection) {
        this.process = process;
        this.connection = connection;
    }

    /**
     * Launches a peer JVM serving a provider.
     *
     * @param providerId the {@link VerbsProvider#id()} of the provider the peer loads
     * @param environment variables added to the peer's environment (a soft device's {@code VERBS4J_SOFT_*})
     * @return the running peer
     * @throws RemotePeerException if the JVM cannot start, find the provider, or connect back within a minute
     */
    public static RemotePeer start(String providerId, Map<String, String> environment) {
        PeerProcess process = null;
        try (ServerSocket listener = PeerProcess.listener()) {
            process = PeerProcess.start(providerId, environment, listener);
            Socket socket = process.accept(listener);
            return new RemotePeer(process, new PeerConnection(socket, process::status));
        } catch (IOException e) {
            RemotePeerException failure = new RemotePeerException("cannot start a peer JVM for provider '"
                    + providerId + "': " + e.getMessage(), e);
            if (process != null) {
                process.process().destroyForcibly();
                deleteLog(process, failure);
            }
            throw failure;
        }
    }

    /**
     * @return the peer provider's devices, as proxies
     * @throws RemotePeerException if the peer has ended
     */
    @SuppressWarnings("unchecked")
    public List<Device> devices() {
        return (List<Device>) connection.call(0, providerMethod("devices"), new Object[0]);
    }

    /**
     * @return the peer provider's connection manager, as a proxy (its identifiers, channels and events are
     *     proxies too)
     * @throws RemotePeerException if the peer has ended
     * @throws org.verbs4j.UnsupportedVerbException if the provider has no connection manager
     */
    public ConnectionManager connectionManager() {
        return (ConnectionManager) connection.call(0, providerMethod("connectionManager"), new Object[0]);
    }

    /**
     * @return a new arena whose segments the peer sees too (each a shared-memory file, deleted when the arena
     *     closes); the caller closes it
     */
    public Arena sharedArena() {
        return new SharedMemoryArena();
    }

    /** @return the peer JVM's process */
    public ProcessHandle process() {
        return process.process().toHandle();
    }

    /**
     * Ends the peer: it closes every object it still holds (the newest first), and its JVM exits.
     *
     * @throws RemotePeerException if the peer had ended before (crashed, killed) or does not end cleanly
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            boolean crashedBefore = connection.ended();
            if (!crashedBefore) {
                connection.shutdown(SHUTDOWN_SECONDS);
            }
            int exit = awaitExit();
            if (crashedBefore || exit != 0) {
                throw new RemotePeerException("the peer JVM " + (crashedBefore ? "ended before it was closed"
                        : "did not end cleanly") + " (" + process.status() + ")", null);
            }
        } finally {
            connection.close();
            process.process().destroyForcibly();
            deleteLog(process, null);
        }
    }

    private int awaitExit() {
        try {
            if (!process.process().waitFor(SHUTDOWN_SECONDS, TimeUnit.SECONDS)) {
                process.process().destroyForcibly().waitFor();
            }
            return process.process().exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.process().destroyForcibly();
            throw new RemotePeerException("interrupted waiting for the peer JVM to end", e);
        }
    }

    /** Deletes the peer's log; a failure to do so is added to {@code failure}, else thrown. */
    private static void deleteLog(PeerProcess process, RuntimeException failure) {
        try {
            process.deleteLog();
        } catch (IOException e) {
            RemotePeerException notDeleted = new RemotePeerException("cannot delete the peer's log", e);
            if (failure == null) {
                throw notDeleted;
            }
            failure.addSuppressed(notDeleted);
        }
    }

    private static Method providerMethod(String name) {
        try {
            return VerbsProvider.class.getMethod(name);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }
}
