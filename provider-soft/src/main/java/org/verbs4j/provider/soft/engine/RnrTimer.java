package org.verbs4j.provider.soft.engine;

/** The InfiniBand receiver-not-ready NAK timer codes (IBTA table 45) in nanoseconds. */
final class RnrTimer {

    /** The delay of each code in units of 10 µs: code 1 is 0.01 ms, code 31 is 491.52 ms, code 0 is 655.36 ms. */
    private static final long[] TENS_OF_MICROS = {
        65536, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192,
        256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152,
    };

    private RnrTimer() {
    }

    /** @return the delay of timer code {@code code} (0 to 31) in nanoseconds */
    static long nanos(int code) {
        return TENS_OF_MICROS[code & 31] * 10_000L;
    }
}
