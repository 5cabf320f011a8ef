package org.verbs4j.tck.remote;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.Errno;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;

/**
 * An exception of the peer on the wire: its class and message, a verbs exception's operation, errno and failed
 * request, and the peer's stack trace; rebuilt in the kit JVM as the same class with the same message.
 */
final class Failures {

    private Failures() {
    }

    static void write(Throwable failure, Encoder out) throws IOException {
        out.writeString(failure.getClass().getName());
        out.writeString(failure.getMessage());
        out.writeString(stackTrace(failure));
        boolean verbs = failure instanceof VerbsException;
        out.data().writeBoolean(verbs);
        if (verbs) {
            VerbsException e = (VerbsException) failure;
            out.writeString(e.operation());
            out.data().writeInt(e.errno());
            out.write(e.failedRequest());
        }
    }

    static RuntimeException read(Decoder in, String call) throws IOException {
        String className = in.readString();
        String message = in.readString();
        String trace = in.readString();
        RuntimeException failure = in.data().readBoolean()
                ? verbs(className, in.readString(), in.data().readInt(), message, in.read())
                : other(className, message, call);
        failure.addSuppressed(new RemotePeerException("the peer's stack trace of " + call + ":\n" + trace, null));
        return failure;
    }

    private static VerbsException verbs(String className, String operation, int errno, String message,
            Object request) {
        String detail = detail(operation, errno, message);
        return switch (className) {
            case "org.verbs4j.InvalidArgumentException" ->
                new InvalidArgumentException(operation, errno, detail, request);
            case "org.verbs4j.UnsupportedVerbException" ->
                new UnsupportedVerbException(operation, errno, detail, request);
            case "org.verbs4j.BusyException" -> new BusyException(operation, errno, detail, request);
            case "org.verbs4j.OutOfResourcesException" ->
                new OutOfResourcesException(operation, errno, detail, request);
            case "org.verbs4j.ClosedObjectException" -> new ClosedObjectException(operation, detail);
            default -> new VerbsException(operation, errno, detail, request);
        };
    }

    /** @return the detail that, with the operation and errno, makes {@code message} again */
    private static String detail(String operation, int errno, String message) {
        String base = operation + " failed: " + Errno.describe(errno);
        if (message == null || message.equals(base)) {
            return null;
        }
        return message.startsWith(base + ": ") ? message.substring(base.length() + 2) : message;
    }

    private static RuntimeException other(String className, String message, String call) {
        try {
            Class<?> type = Decoder.type(className);
            if (RuntimeException.class.isAssignableFrom(type)) {
                return (RuntimeException) type.getConstructor(String.class).newInstance(message);
            }
        } catch (IOException | ReflectiveOperationException | RuntimeException e) {
            // no public (String) constructor: named below
        }
        return new RemotePeerException(call + " failed in the peer with " + className + ": " + message, null);
    }

    private static String stackTrace(Throwable failure) {
        StringWriter text = new StringWriter();
        failure.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
