package org.verbs4j.tck.remote;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The kit JVM's connection to its peer: calls from any number of threads, each answered by id; a reader thread
 * hands each answer to its caller, and when the peer's stream ends, fails every pending and later call.
 */
final class PeerConnection {

    private final Socket socket;
    private final DataOutputStream out;
    private final DataInputStream in;
    private final KitSide side = new KitSide(this);
    private final Map<Long, CompletableFuture<byte[]>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Supplier<String> peerStatus;
    private volatile String ended;

    PeerConnection(Socket socket, Supplier<String> peerStatus) throws IOException {
        this.socket = socket;
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.peerStatus = peerStatus;
        Thread.ofPlatform().daemon().name("verbs4j-peer-replies").start(this::readReplies);
    }

    /** @return whether the peer's stream has ended */
    boolean ended() {
        return ended != null;
    }

    /** Calls {@code method} on the peer object {@code handle} and returns its result, or throws its exception. */
    Object call(long handle, Method method, Object[] args) {
        String name = MethodKeys.callName(method);
        CallObjects objects = new CallObjects();
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        long id = ids.incrementAndGet();
        try {
            writeCall(new Encoder(new DataOutputStream(message), side, objects), id, handle, method, args);
        } catch (IOException e) {
            throw new RemotePeerException(name + ": cannot encode the call: " + e.getMessage(), e);
        }
        byte[] reply = exchange(id, message, name, 0);
        return readReply(new Decoder(new DataInputStream(new ByteArrayInputStream(reply)), side, objects), name);
    }

    /** Asks the peer to close what it holds and end; returns whether it answered within {@code seconds}. */
    boolean shutdown(long seconds) {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        long id = ids.incrementAndGet();
        try (DataOutputStream data = new DataOutputStream(message)) {
            data.writeByte(Frames.SHUTDOWN);
            data.writeLong(id);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        exchange(id, message, "shutdown", seconds);
        return true;
    }

    void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    private static void writeCall(Encoder out, long id, long handle, Method method, Object[] args)
            throws IOException {
        out.data().writeByte(Frames.CALL);
        out.data().writeLong(id);
        out.data().writeLong(Thread.currentThread().threadId());
        out.data().writeLong(handle);
        out.data().writeUTF(MethodKeys.key(method));
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < args.length; i++) {
            if (types[i] == Object.class) {
                out.writeOpaque(args[i]);
            } else {
                out.write(args[i]);
            }
        }
    }

    private byte[] exchange(long id, ByteArrayOutputStream message, String name, long seconds) {
        CompletableFuture<byte[]> reply = new CompletableFuture<>();
        pending.put(id, reply);
        try {
            failIfEnded(name);
            Frames.send(out, message);
            return seconds > 0 ? reply.get(seconds, TimeUnit.SECONDS) : reply.get();
        } catch (IOException | ExecutionException | TimeoutException e) {
            throw new RemotePeerException(name + " failed: " + reason(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemotePeerException(name + " was interrupted waiting for the peer", e);
        } finally {
            pending.remove(id);
        }
    }

    private String reason(Exception e) {
        if (ended != null) {
            return ended;
        }
        return e instanceof TimeoutException ? "the peer did not answer in time" : String.valueOf(e.getMessage());
    }

    private void failIfEnded(String name) {
        if (ended != null) {
            throw new RemotePeerException(name + " failed: " + ended, null);
        }
    }

    private Object readReply(Decoder in, String name) {
        try {
            boolean ok = in.data().readBoolean();
            Object result = ok ? in.read() : Failures.read(in, name);
            writeBack(in);
            if (!ok) {
                throw (RuntimeException) result;
            }
            return result;
        } catch (IOException e) {
            throw new RemotePeerException(name + ": cannot decode the peer's answer: " + e.getMessage(), e);
        }
    }

    /** Copies the peer's changes of the call's objects into the caller's. */
    private static void writeBack(Decoder in) throws IOException {
        int changed = in.data().readInt();
        for (int i = 0; i < changed; i++) {
            in.readBack();
        }
    }

    private void readReplies() {
        try {
            for (byte[] reply = Frames.receive(in); reply != null; reply = Frames.receive(in)) {
                long id = new DataInputStream(new ByteArrayInputStream(reply, 0, Long.BYTES)).readLong();
                CompletableFuture<byte[]> caller = pending.get(id);
                if (caller != null) {
                    caller.complete(java.util.Arrays.copyOfRange(reply, Long.BYTES, reply.length));
                }
            }
            end("the peer JVM closed the connection (" + peerStatus.get() + ")", null);
        } catch (IOException e) {
            end("the connection to the peer JVM broke (" + peerStatus.get() + "): " + e.getMessage(), e);
        }
    }

    private void end(String reason, IOException cause) {
        ended = reason;
        RemotePeerException failure = new RemotePeerException(reason, cause);
        pending.values().forEach(caller -> caller.completeExceptionally(failure));
    }
}
