package org.verbs4j.provider.soft.wire.roce.rc;

/** The path MTUs of IBTA (enum ibv_mtu): the largest payload of one packet. */
final class PathMtu {

    private PathMtu() {
    }

    static void require(int bytes) {
        if (bytes < 256 || bytes > 4096 || Integer.bitCount(bytes) != 1) {
            throw new IllegalArgumentException("path_mtu must be 256, 512, 1024, 2048 or 4096 bytes, not " + bytes);
        }
    }
}
