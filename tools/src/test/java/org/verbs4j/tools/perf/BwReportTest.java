package org.verbs4j.tools.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** perftest's bandwidth arithmetic, on timestamps made up for the purpose. */
class BwReportTest {

    @Test
    void theAverageSpansFirstPostToLastCompletionAndThePeakTheFastestStretch() {
        long[] posted = {0, 1_000, 2_000, 3_000};
        long[] completed = {4_000, 4_000, 5_000, 9_000};

        BwReport report = BwReport.of(1 << 20, posted, completed, 1, BwReport.MIB);

        assertThat(report.average()).isCloseTo(4 / 9e-6, within(1e-3));
        assertThat(report.peak()).isCloseTo(3 / 5e-6, within(1e-3));
        assertThat(report.messageRate()).isCloseTo(4 / 9e-6 / 1e6, within(1e-9));
    }

    @Test
    void gigabitsCountBitsInThousandMillions() {
        BwReport report = BwReport.received(1000, 1000, 0, 1_000_000, BwReport.GBIT);

        assertThat(report.average()).isCloseTo(8.0, within(1e-9));
        assertThat(report.peak()).as("the receiver measures no peak, as perftest's").isZero();
    }
}
