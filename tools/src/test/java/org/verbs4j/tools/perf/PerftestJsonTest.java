package org.verbs4j.tools.perf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The number formats of perftest's JSON results, compared with the text of perftest 25.01's files. */
class PerftestJsonTest {

    @Test
    void aBandwidthRowHasTwoDecimalsAndTheRateSix() {
        BwReport row = new BwReport(65536, 50, 2.4149, 2.3351, 0.0000371);

        assertThat(PerftestJson.bandwidth(row, false)).isEqualTo("\"MsgSize\": 65536,\n\"n_iterations\": 50,\n"
                + "\"BW_peak\": 2.41,\n\"BW_average\": 2.34,\n\"MsgRate\": 0.000037\n");
    }

    @Test
    void aRowBelowATenthOfAGigabitHasSixDecimals() {
        BwReport row = new BwReport(65536, 50, 0.027066, 0.026858, 0.000051);

        assertThat(PerftestJson.bandwidth(row, true)).isEqualTo("\"MsgSize\": 65536,\n\"n_iterations\": 50,\n"
                + "\"BW_peak\": 0.027066,\n\"BW_average\": 0.026858,\n\"MsgRate\": 0.000051\n");
    }

    @Test
    void aDurationLatencyRowHasItsAverageAndRate() {
        assertThat(PerftestJson.latency(new DurationReport(2, 57, 17762.454, 28.154))).isEqualTo(
                "\"MsgSize\": 2,\n\"n_iterations\": 57,\n\"t_avg\": 17762.45,\n\"tps_average\": 28.15\n");
    }

    @Test
    void theTitlesArePerftests() {
        assertThat(PerftestJson.title(PerfTest.ATOMIC_BW)).isEqualTo("Atomic FETCH_AND_ADD BW Test");
        assertThat(PerftestJson.title(PerfTest.READ_LAT)).isEqualTo("RDMA_Read Latency Test");
    }
}
