package org.verbs4j.provider.soft.wire.roce;

/**
 * Arithmetic on CRC-32 values as polynomials over GF(2) modulo the CRC's polynomial, in the bit-reflected form
 * {@link java.util.zip.CRC32} uses. The CRC is linear: the CRCs of two messages of one length differ by the
 * zero-seeded CRC of the bytes in which they differ, and appending n zero bytes to a zero-seeded CRC multiplies it
 * by x^(8n).
 */
final class Crc32Math {

    /** The CRC-32 polynomial, reflected. */
    static final int POLYNOMIAL = 0xEDB8_8320;

    /** x^0, the unit, reflected. */
    private static final int ONE = 1 << 31;

    /** x^(2^k) modulo the polynomial, for k = 0 to 31. */
    private static final int[] X_POWERS_OF_TWO = xPowersOfTwo();

    private Crc32Math() {
    }

    /**
     * @param a a polynomial
     * @param b a polynomial
     * @return a times b modulo the polynomial
     */
    static int multiply(int a, int b) {
        int product = 0;
        for (int bit = ONE; bit != 0; bit >>>= 1) {
            if ((a & bit) != 0) {
                product ^= b;
            }
            b = (b & 1) != 0 ? b >>> 1 ^ POLYNOMIAL : b >>> 1;
        }
        return product;
    }

    /**
     * @param bytes a count of bytes
     * @return x^(8 * bytes) modulo the polynomial: the factor by which appending that many zero bytes multiplies
     */
    static int zeroBytesFactor(long bytes) {
        int factor = ONE;
        long bits = bytes << 3;
        for (int k = 0; bits != 0; k++, bits >>>= 1) {
            if ((bits & 1) != 0) {
                factor = multiply(X_POWERS_OF_TWO[k & 31], factor);
            }
        }
        return factor;
    }

    /**
     * @param bytes bytes
     * @param from the first
     * @param length how many
     * @return their CRC-32 with a zero seed and no final inversion
     */
    static int zeroSeeded(byte[] bytes, int from, int length) {
        int crc = 0;
        for (int i = from; i < from + length; i++) {
            crc ^= bytes[i] & 0xFF;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 1) != 0 ? crc >>> 1 ^ POLYNOMIAL : crc >>> 1;
            }
        }
        return crc;
    }

    private static int[] xPowersOfTwo() {
        int[] powers = new int[32];
        int power = ONE >>> 1;
        for (int k = 0; k < 32; k++) {
            powers[k] = power;
            power = multiply(power, power);
        }
        return powers;
    }
}
