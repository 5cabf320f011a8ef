package org.verbs4j.provider.generic.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.verbs4j.InvalidArgumentException;

/** The argument checks of the bad-input sweep (issue 19): null refused naming the verb, durations capped. */
class ArgsTest {

    @Test
    void aNullArgumentIsAnInvalidArgumentExceptionNamingTheVerb() {
        assertThatThrownBy(() -> Args.required("ibv_get_cq_event", null, "the timeout"))
                .isInstanceOf(InvalidArgumentException.class)
                .satisfies(e -> assertThat(((InvalidArgumentException) e).operation()).isEqualTo("ibv_get_cq_event"))
                .hasMessageContaining("the timeout is null");
        assertThat(Args.required("v", "x", "it")).isEqualTo("x");
    }

    @Test
    void hugeDurationsAreCappedNotOverflowed() {
        assertThat(Args.nanos(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999))).isEqualTo(Args.MAX_WAIT_NANOS);
        assertThat(Args.nanos(Duration.ofNanos(Long.MAX_VALUE))).isEqualTo(Args.MAX_WAIT_NANOS);
        assertThat(Args.millis(Duration.ofSeconds(Long.MAX_VALUE))).isEqualTo(Integer.MAX_VALUE);
        assertThat(Args.millis(Duration.ofMillis(Integer.MAX_VALUE + 1L))).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void negativeDurationsAreZero() {
        assertThat(Args.nanos(Duration.ofSeconds(Long.MIN_VALUE))).isZero();
        assertThat(Args.nanos(Duration.ofNanos(-1))).isZero();
        assertThat(Args.millis(Duration.ofSeconds(Long.MIN_VALUE))).isZero();
    }

    @Test
    void ordinaryDurationsAreExact() {
        assertThat(Args.nanos(Duration.ofMillis(1500))).isEqualTo(1_500_000_000L);
        assertThat(Args.millis(Duration.ofMillis(1500))).isEqualTo(1500);
        assertThat(Args.nanos(Duration.ZERO)).isZero();
    }

    /** A deadline of now + the cap wraps around, and the time left is still right. */
    @Test
    void theCappedDeadlineStillCountsDown() {
        long now = Long.MAX_VALUE - 10;
        long deadline = now + Args.MAX_WAIT_NANOS;
        assertThat(deadline - now).isEqualTo(Args.MAX_WAIT_NANOS).isPositive();
    }
}
