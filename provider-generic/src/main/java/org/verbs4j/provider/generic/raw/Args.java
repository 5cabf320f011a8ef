package org.verbs4j.provider.generic.raw;

import java.time.Duration;

import org.verbs4j.InvalidArgumentException;

/**
 * Argument checks done before any native call, as the soft provider's: a null argument is an
 * {@link InvalidArgumentException} naming the C verb, a duration too long for {@code long} nanoseconds is capped
 * (never an {@link ArithmeticException} from {@link Duration#toNanos()}).
 */
public final class Args {

    /**
     * The longest wait in nanoseconds: about 73 years. A deadline {@code System.nanoTime() + MAX_WAIT_NANOS} may
     * wrap around, but {@code deadline - System.nanoTime()} stays right, as the span is below 2<sup>63</sup>.
     */
    public static final long MAX_WAIT_NANOS = Long.MAX_VALUE / 4;

    private Args() {
    }

    /**
     * @param verb the C verb, named in the exception
     * @param value the argument
     * @param what what it is, for example {@code "the timeout"}
     * @return {@code value}
     * @throws InvalidArgumentException if {@code value} is null
     */
    public static <T> T required(String verb, T value, String what) {
        if (value == null) {
            throw new InvalidArgumentException(verb, what + " is null");
        }
        return value;
    }

    /**
     * @param timeout a duration, not null
     * @return it in nanoseconds, negative as zero, at most {@link #MAX_WAIT_NANOS}
     */
    public static long nanos(Duration timeout) {
        if (timeout.isNegative()) {
            return 0;
        }
        if (timeout.compareTo(Duration.ofNanos(MAX_WAIT_NANOS)) >= 0) {
            return MAX_WAIT_NANOS;
        }
        return timeout.toNanos();
    }

    /**
     * @param timeout a duration, not null
     * @return it in milliseconds, negative as zero, at most {@link Integer#MAX_VALUE} (as a C {@code int} of
     *     milliseconds)
     */
    public static int millis(Duration timeout) {
        if (timeout.isNegative()) {
            return 0;
        }
        if (timeout.compareTo(Duration.ofMillis(Integer.MAX_VALUE)) >= 0) {
            return Integer.MAX_VALUE;
        }
        return (int) timeout.toMillis();
    }
}
