package org.verbs4j.tools.perf;

/** perftest's {@code --output}: the full tables, or only the number a script wants ({@code printf("%lf\n")}). */
enum PerfOutput {

    /** The header, the address lines and the tables (perftest's {@code FULL_VERBOSITY}). */
    FULL,
    /** The average bandwidth of a bandwidth test ({@code OUTPUT_BW}). */
    BANDWIDTH,
    /** The message rate of a bandwidth test ({@code OUTPUT_MR}). */
    MESSAGE_RATE,
    /** The average latency of a latency test ({@code OUTPUT_LAT}). */
    LATENCY;

    /**
     * @param text {@code bandwidth}, {@code message_rate} or {@code latency}, or {@code null} for the tables
     * @param test the test, whose kind limits the choice as perftest does
     * @return the output
     * @throws IllegalArgumentException with perftest's message for another word or one the test has not
     */
    static PerfOutput parse(String text, PerfTest test) {
        if (text == null) {
            return FULL;
        }
        PerfOutput output = switch (text) {
            case "bandwidth" -> BANDWIDTH;
            case "message_rate" -> MESSAGE_RATE;
            case "latency" -> LATENCY;
            default -> throw new IllegalArgumentException("Invalid verbosity level output flag. Please use bandwidth,"
                    + " latency, message_rate");
        };
        if (test.isLatency() != (output == LATENCY)) {
            throw new IllegalArgumentException(test.isLatency() ? "Output verbosity level for LAT can be: latency"
                    : "Output verbosity level for BW can be: bandwidth, message_rate");
        }
        return output;
    }
}
