package org.verbs4j.tck;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs the calls of the sweep in one thread of its own, so that a batch a call opens belongs to the thread of
 * the next calls: a call still running after {@link #PATIENCE} is interrupted (a blocking wait must then end
 * with EINTR), and one still running {@link #HANG} later is a hang.
 */
final class SweepRunner implements AutoCloseable {

    static final Duration PATIENCE = Duration.ofMillis(200);
    static final Duration HANG = Duration.ofSeconds(10);

    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final Thread thread = Thread.ofPlatform().daemon().name("verbs4j-tck-sweep").start(this::work);

    private volatile boolean closed;

    private void work() {
        while (!closed) {
            Thread.interrupted(); // a call that was interrupted keeps its interrupt status (EINTR): not the next's
            try {
                tasks.take().run();
            } catch (InterruptedException stop) {
                // closed, or a late interrupt of the previous call: the loop decides
            }
        }
    }

    /**
     * @return what {@code action} returned, run in the sweep's thread
     * @throws TimeoutException if it did not end
     */
    <T> T run(Supplier<T> action) throws TimeoutException, InterruptedException {
        return run(action, PATIENCE);
    }

    /**
     * {@link #run(Supplier)} for the sweep's own work (opening and closing its world), which is not a call under
     * test: on a slow device (rxe in an emulated VM) making the world, with its address resolution, takes longer
     * than {@link #PATIENCE}, and an interrupt then would fail the set-up, not a call.
     *
     * @return what {@code action} returned, run in the sweep's thread, interrupted only after {@link #HANG}
     * @throws TimeoutException if it did not end
     */
    <T> T runSetUp(Supplier<T> action) throws TimeoutException, InterruptedException {
        return run(action, HANG);
    }

    private <T> T run(Supplier<T> action, Duration patience) throws TimeoutException, InterruptedException {
        CompletableFuture<T> result = new CompletableFuture<>();
        tasks.add(() -> {
            try {
                result.complete(action.get());
            } catch (RuntimeException | Error failure) {
                result.completeExceptionally(failure);
            }
        });
        return await(result, patience);
    }

    /**
     * Calls {@code method} on {@code receiver}.
     *
     * @return what the call threw, or empty if it returned
     * @throws TimeoutException if it did not end, even once interrupted (a hang)
     */
    Optional<Throwable> call(Method method, Object receiver, Object[] arguments) throws TimeoutException,
            InterruptedException {
        return run(() -> {
            try {
                method.invoke(receiver, arguments);
                return Optional.empty();
            } catch (InvocationTargetException thrown) {
                return Optional.of(thrown.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot call " + method, e);
            }
        });
    }

    private <T> T await(CompletableFuture<T> result, Duration patience) throws TimeoutException,
            InterruptedException {
        try {
            try {
                return result.get(patience.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException blocking) {
                thread.interrupt();
                return result.get(HANG.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (ExecutionException failed) {
            throw failed.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(failed);
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }

    /** @return the arguments, printable */
    static String describe(Object[] arguments) {
        return Arrays.toString(arguments);
    }
}
