package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.fail;

import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A call made in a thread of its own, so that a test can observe that the call is blocked (the thread
 * waits inside a given method) before it does what should wake it, instead of sleeping and hoping.
 *
 * @param <T> the result of the call
 */
final class Waiter<T> {

    private static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final FutureTask<T> task;
    private final Thread thread;

    private Waiter(Callable<T> call, String name) {
        task = new FutureTask<>(call);
        thread = Thread.ofPlatform().daemon().name(name).start(task);
    }

    /** Starts {@code call} in a new daemon thread named {@code name}. */
    static <T> Waiter<T> start(String name, Callable<T> call) {
        return new Waiter<>(call, name);
    }

    /** Starts {@code action} in a new daemon thread named {@code name}. */
    static Waiter<Void> run(String name, Runnable action) {
        return new Waiter<>(() -> {
            action.run();
            return null;
        }, name);
    }

    /**
     * Returns once the thread is blocked (WAITING or TIMED_WAITING) inside {@code method} of {@code owner},
     * and fails the test if that does not happen within 10 seconds or the call returns first.
     */
    Waiter<T> awaitBlockedIn(Class<?> owner, String method) {
        long start = System.nanoTime();
        while (!isBlockedIn(owner.getName(), method)) {
            if (task.isDone()) {
                fail("%s returned instead of blocking in %s.%s", thread.getName(), owner.getSimpleName(), method);
            }
            if (System.nanoTime() - start > DEADLINE_NANOS) {
                fail("%s did not block in %s.%s within 10 s; it is %s at %s", thread.getName(),
                        owner.getSimpleName(), method, thread.getState(), Arrays.toString(thread.getStackTrace()));
            }
            Thread.onSpinWait();
        }
        return this;
    }

    private boolean isBlockedIn(String className, String method) {
        Thread.State state = thread.getState();
        if (state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING) {
            return false;
        }
        for (StackTraceElement frame : thread.getStackTrace()) {
            if (frame.getClassName().equals(className) && frame.getMethodName().equals(method)) {
                return thread.getState() == state;
            }
        }
        return false;
    }

    /** @return whether the call returns (normally or by throwing) within {@code millis} */
    boolean returnsWithin(long millis) throws InterruptedException {
        try {
            task.get(millis, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException thrown) {
            return true;
        } catch (TimeoutException stillRunning) {
            return false;
        }
    }

    /** @return the result of the call, waiting at most {@code seconds} */
    T get(long seconds) throws InterruptedException, ExecutionException, TimeoutException {
        return task.get(seconds, TimeUnit.SECONDS);
    }
}
