package org.verbs4j.tools.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The latency row: deltas between posts, halved for round trips, the two largest left out. */
class LatencyReportTest {

    @Test
    void roundTripsAreHalvedAndTheTwoLargestSamplesAreLeftOut() {
        long[] posted = new long[103];
        for (int i = 1; i < posted.length; i++) {
            posted[i] = posted[i - 1] + (i <= 100 ? 2_000 * i : 10_000_000);
        }

        LatencyReport report = LatencyReport.of(2, posted, true);

        assertThat(report.iters()).isEqualTo(103);
        assertThat(report.min()).isCloseTo(1.0, within(0.01));
        assertThat(report.max()).isCloseTo(100.0, within(0.1));
        assertThat(report.typical()).isCloseTo(50.0, within(0.1));
        assertThat(report.average()).isCloseTo(50.5, within(0.1));
        assertThat(report.p99()).isCloseTo(99.0, within(0.1));
    }

    @Test
    void readsAreNotHalved() {
        LatencyReport report = LatencyReport.of(2, new long[] {0, 3_000, 6_000, 9_000, 12_000, 15_000}, false);

        assertThat(report.typical()).isCloseTo(3.0, within(0.01));
    }
}
