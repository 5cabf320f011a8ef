package org.verbs4j.tck.remote;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.Socket;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.verbs4j.spi.VerbsProvider;

/**
 * The peer's loop: the calls of each thread of the kit JVM run, in order, on a virtual thread of their own, so that
 * a verb bound to its thread (a poll batch) sees one thread and a blocking verb blocks no other thread's calls; an
 * answer carries the result or exception and the changes of the call's objects.
 */
final class PeerServer {

    private final PeerSide side = new PeerSide();
    private final DataInputStream in;
    private final DataOutputStream out;
    private final Map<Long, ExecutorService> workers = new ConcurrentHashMap<>();

    PeerServer(Socket socket, VerbsProvider provider) throws IOException {
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
        side.register(provider);
    }

    /** Serves calls until the kit JVM asks to end or goes away, then closes what the peer holds. */
    void serve() throws IOException {
        for (byte[] message = Frames.receive(in); message != null; message = Frames.receive(in)) {
            DataInputStream data = new DataInputStream(new ByteArrayInputStream(message));
            byte kind = data.readByte();
            long id = data.readLong();
            if (kind == Frames.SHUTDOWN) {
                closeAll();
                answer(id, new ByteArrayOutputStream());
                return;
            }
            workers.computeIfAbsent(data.readLong(), PeerServer::worker).execute(() -> serve(id, data));
        }
        closeAll();
    }

    /** @return the virtual thread that runs the calls of one thread of the kit JVM, in order */
    private static ExecutorService worker(long kitThread) {
        return Executors.newSingleThreadExecutor(Thread.ofVirtual().name("verbs4j-peer-for-" + kitThread).factory());
    }

    private void serve(long id, DataInputStream data) {
        ByteArrayOutputStream reply = new ByteArrayOutputStream();
        CallObjects objects = new CallObjects();
        try {
            call(new Decoder(data, side, objects), new Encoder(new DataOutputStream(reply), side, objects));
        } catch (IOException | RuntimeException | Error e) {
            reply = failure(e);
        }
        try {
            answer(id, reply);
        } catch (IOException e) {
            // the kit JVM went away: the loop ends too
        }
    }

    private void call(Decoder in, Encoder out) throws IOException {
        Object target = side.object(in.data().readLong());
        Method method = MethodKeys.method(in.data().readUTF());
        Object[] args = new Object[method.getParameterCount()];
        for (int i = 0; i < args.length; i++) {
            args[i] = in.read();
        }
        byte[][] before = states(in.calls(), out);
        try {
            Object result = method.invoke(target, args);
            out.data().writeBoolean(true);
            writeResult(method, result, out);
        } catch (InvocationTargetException e) {
            out.data().writeBoolean(false);
            Failures.write(e.getCause(), out);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot call " + method, e);
        }
        writeBack(in.calls(), before, out);
    }

    private static void writeResult(Method method, Object result, Encoder out) throws IOException {
        if (method.getReturnType() == Object.class) {
            out.writeOpaque(result);
        } else {
            out.write(result);
        }
    }

    /** @return the state of each of the call's objects, before the call */
    private byte[][] states(CallObjects objects, Encoder out) throws IOException {
        byte[][] states = new byte[objects.size()][];
        for (int i = 0; i < states.length; i++) {
            states[i] = state(objects.get(i));
        }
        return states;
    }

    private byte[] state(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new Encoder(new DataOutputStream(bytes), side, new CallObjects()).writeState(value);
        return bytes.toByteArray();
    }

    private void writeBack(CallObjects objects, byte[][] before, Encoder out) throws IOException {
        ByteArrayOutputStream changes = new ByteArrayOutputStream();
        Encoder changed = new Encoder(new DataOutputStream(changes), side, new CallObjects());
        int count = 0;
        for (int i = 0; i < before.length; i++) {
            if (!Arrays.equals(before[i], state(objects.get(i)))) {
                changed.data().writeInt(i);
                changed.writeState(objects.get(i));
                count++;
            }
        }
        out.data().writeInt(count);
        changes.writeTo(out.data());
    }

    private ByteArrayOutputStream failure(Throwable e) {
        ByteArrayOutputStream reply = new ByteArrayOutputStream();
        try {
            Encoder out = new Encoder(new DataOutputStream(reply), side, new CallObjects());
            out.data().writeBoolean(false);
            Failures.write(new IllegalStateException("the peer could not serve the call: " + e, e), out);
            out.data().writeInt(0);
        } catch (IOException impossible) {
            throw new IllegalStateException(impossible);
        }
        return reply;
    }

    private void answer(long id, ByteArrayOutputStream body) throws IOException {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(message);
        data.writeLong(id);
        body.writeTo(data);
        Frames.send(out, message);
    }

    private void closeAll() {
        workers.values().forEach(ExecutorService::shutdown);
        for (Object object : side.newestFirst()) {
            if (object instanceof AutoCloseable closeable) {
                closeQuietly(closeable);
            }
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception | Error e) {
            // closed already, or closed with its parent
        }
    }
}
