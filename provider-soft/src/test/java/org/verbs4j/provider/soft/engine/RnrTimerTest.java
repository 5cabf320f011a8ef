package org.verbs4j.provider.soft.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The RNR NAK timer codes against IBTA table 45 (the encoding of min_rnr_timer in ibv_modify_qp(3)). */
class RnrTimerTest {

    @Test
    void theCodesMeanTheDelaysOfTheTable() {
        assertThat(delay(0)).isEqualTo(Duration.ofNanos(655_360_000));
        assertThat(delay(1)).isEqualTo(Duration.ofNanos(10_000));
        assertThat(delay(5)).isEqualTo(Duration.ofNanos(60_000));
        assertThat(delay(14)).isEqualTo(Duration.ofNanos(1_280_000));
        assertThat(delay(18)).isEqualTo(Duration.ofNanos(5_120_000));
        assertThat(delay(31)).isEqualTo(Duration.ofNanos(491_520_000));
    }

    @Test
    void codesOneToThirtyOneGrowAndZeroIsTheLongest() {
        for (int code = 2; code <= 31; code++) {
            assertThat(delay(code)).as("code %d", code).isGreaterThan(delay(code - 1));
        }
        assertThat(delay(0)).isGreaterThan(delay(31));
    }

    private static Duration delay(int code) {
        return Duration.ofNanos(RnrTimer.nanos(code));
    }
}
