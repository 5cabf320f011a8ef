package org.verbs4j.provider.generic.raw;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.function.Supplier;
import org.verbs4j.Errno;
import org.verbs4j.VerbsException;
import org.verbs4j.spi.jfr.VerbsEvents;

/** Small helpers shared by the binding classes: result checks and downcall failure handling. */
public final class Native {

    private Native() {
    }

    /**
     * @param failure what a downcall threw
     * @return it, as an unchecked exception to throw
     */
    public static RuntimeException rethrow(Throwable failure) {
        if (failure instanceof RuntimeException runtime) {
            return runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("downcall failed", failure);
    }

    /**
     * @param rc a C return code that is 0 or an errno value
     * @param operation the verb
     * @throws VerbsException if {@code rc} is not 0
     */
    public static void check(int rc, String operation) {
        if (rc != 0) {
            throw VerbsEvents.failed(VerbsException.of(operation, Math.abs(rc), null));
        }
    }

    /**
     * @param pointer what a constructor returned
     * @param errnoState the captured errno state of the call
     * @param operation the verb
     * @return {@code pointer}, if not NULL
     * @throws VerbsException with the captured errno if it is NULL
     */
    public static MemorySegment checkPointer(MemorySegment pointer, MemorySegment errnoState, String operation) {
        if (pointer.equals(MemorySegment.NULL)) {
            int errno = ErrnoCapture.errno(errnoState);
            throw VerbsEvents.failed(VerbsException.of(operation, errno == 0 ? Errno.EIO.code() : errno, null));
        }
        return pointer;
    }

    /**
     * Like {@link #checkPointer(MemorySegment, MemorySegment, String)}, for a constructor behind a
     * {@code verbs_context} op: EOPNOTSUPP and ENOSYS (what rdma-core's stubs for ops a driver does not
     * implement report) become an {@link org.verbs4j.UnsupportedVerbException} that names the cause.
     *
     * @param pointer what the constructor returned
     * @param errnoState the captured errno state of the call
     * @param operation the verb
     * @param unsupported the cause to name if the driver does not implement the op
     * @return {@code pointer}, if not NULL
     */
    public static MemorySegment checkCreated(MemorySegment pointer, MemorySegment errnoState, String operation,
            String unsupported) {
        if (pointer.equals(MemorySegment.NULL)) {
            int errno = ErrnoCapture.errno(errnoState);
            if (isUnsupported(errno)) {
                throw VerbsEvents.failed(new org.verbs4j.UnsupportedVerbException(operation, errno, unsupported, null));
            }
        }
        return checkPointer(pointer, errnoState, operation);
    }

    /** @return whether {@code errno} says the op is not implemented (EOPNOTSUPP or ENOSYS) */
    public static boolean isUnsupported(int errno) {
        return errno == Errno.EOPNOTSUPP.code() || errno == Errno.ENOSYS.code();
    }

    /**
     * Calls a one-pointer-argument function returning an errno-style int (the ibv_destroy_* family).
     *
     * @param handle the downcall handle
     * @param object the object pointer
     * @param operation the verb
     */
    public static void destroy(MethodHandle handle, MemorySegment object, String operation) {
        int rc;
        try {
            rc = (int) handle.invokeExact(object);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(rc, operation);
    }

    /**
     * Runs the steps between the creation of a native object and the construction of the
     * verbs object that owns it (which destroys it itself if it fails, see
     * {@code NativeResource.abandon()}): if a step fails, the object is destroyed (a failure to destroy it
     * is added to the first one as suppressed) and the failure rethrown, so that a failed creation leaks
     * nothing.
     *
     * @param <T> what the steps make
     * @param destroy the downcall handle that destroys the object, {@code int (*)(void *)}
     * @param created the object
     * @param destroyVerb the C verb that destroys it, for messages
     * @param steps the steps
     * @return what the steps made
     */
    public static <T> T orDestroy(MethodHandle destroy, MemorySegment created, String destroyVerb, Supplier<T> steps) {
        try {
            return steps.get();
        } catch (RuntimeException | Error failure) {
            try {
                destroy(destroy, created, destroyVerb);
            } catch (RuntimeException | Error destroyFailure) {
                failure.addSuppressed(destroyFailure);
            }
            throw failure;
        }
    }
}
