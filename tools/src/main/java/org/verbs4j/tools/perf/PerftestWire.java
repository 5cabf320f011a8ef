package org.verbs4j.tools.perf;

import org.verbs4j.tools.connect.OutOfBand;

/**
 * What carries perftest's out-of-band messages: the TCP connection ("Data ex. method: Ethernet") or, with
 * {@code -R}, a queue pair connected through rdma_cm ("Data ex. method: rdma_cm"). Each message is sent whole
 * and read whole.
 */
interface PerftestWire extends AutoCloseable {

    /**
     * @param message the bytes, sent as one message
     * @param what what they are, for the error message
     */
    void write(byte[] message, String what);

    /**
     * @param length how many bytes the message has
     * @param what what they are, for the error message
     * @return the message's first {@code length} bytes
     */
    byte[] read(int length, String what);

    /** @return whether the addresses travel as {@code struct pingpong_dest} (rdma_cm) instead of text */
    boolean binaryKeys();

    @Override
    void close();

    /**
     * @param link the TCP connection
     * @return the wire over it
     */
    static PerftestWire of(OutOfBand link) {
        return new PerftestWire() {
            @Override
            public void write(byte[] message, String what) {
                link.write(message, what);
            }

            @Override
            public byte[] read(int length, String what) {
                return link.read(length, what);
            }

            @Override
            public boolean binaryKeys() {
                return false;
            }

            @Override
            public void close() {
                link.close();
            }
        };
    }
}
