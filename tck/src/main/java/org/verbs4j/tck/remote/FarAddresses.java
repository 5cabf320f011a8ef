package org.verbs4j.tck.remote;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Addresses for shared memory far from where either JVM maps anything (32 TiB up, between the Java heap and the
 * libraries and thread stacks at the top of the address space), so that the peer finds the kit JVM's address free
 * and maps the same file there too.
 */
final class FarAddresses {

    private static final long START = 0x2000_0000_0000L;
    private static final long GRANULE = 2L << 20;
    private static final AtomicLong NEXT = new AtomicLong(START);

    private FarAddresses() {
    }

    /** @return an address for {@code size} bytes, a granule apart from the previous ones */
    static long next(long size) {
        long span = (size + 2 * GRANULE - 1) / GRANULE * GRANULE;
        return NEXT.getAndAdd(span);
    }
}
