package org.verbs4j.tools.perf;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.verbs4j.Gid;
import org.verbs4j.tools.connect.PeerException;

/**
 * What perftest's sides tell each other per queue pair ({@code struct pingpong_dest} of
 * {@code perftest_communication.c}): LID, outstanding reads, QPN, PSN, rkey, the virtual address of the
 * remote-access area, the GID and the SRQ number. On the wire it is {@code "%04x:%04x:%06x:%06x:%08x:%016llx"},
 * then with a GID index the 16 GID bytes as {@code %02x} each and {@code ":%08x:"} of the SRQ number
 * (108 bytes with the NUL), or without one {@code ":%08x"} (59 bytes).
 *
 * @param lid the port's LID
 * @param outReads the RDMA reads and atomics this side accepts at once
 * @param qpn the queue pair number
 * @param psn the starting PSN
 * @param rkey the remote key of the buffer
 * @param vaddr the address the peer reads or writes
 * @param gid the GID
 * @param srqn the SRQ number (XRC and DC only; 0 here)
 */
record PerftestKeys(int lid, int outReads, int qpn, int psn, int rkey, long vaddr, Gid gid, int srqn) {

    /** The size of the record without a GID. */
    static final int SIZE = 59;
    /** The size of the record with a GID. */
    static final int SIZE_WITH_GID = 108;
    /** The size of {@code struct pingpong_dest} on x86-64 and aarch64, as {@code rdma_write_keys} sends it. */
    static final int BINARY_SIZE = 56;
    private static final int GID_OFFSET = 32;
    private static final int SRQN_OFFSET = 48;

    /** @return keys with every field 0, as perftest's sides send before they have any */
    static PerftestKeys none() {
        return new PerftestKeys(0, 0, 0, 0, 0, 0, Gid.ZERO, 0);
    }

    /**
     * @return the record as {@code rdma_write_keys} sends it: {@code struct pingpong_dest} with its integers
     *     big-endian (lid, out_reads, qpn, psn, rkey at 0 to 16, vaddr at 24, gid at 32, srqn at 48,
     *     gid_index at 52)
     */
    byte[] encodeBinary() {
        ByteBuffer record = ByteBuffer.allocate(BINARY_SIZE);
        record.putInt(lid).putInt(outReads).putInt(qpn).putInt(psn).putInt(rkey).putLong(24, vaddr);
        record.put(GID_OFFSET, gid.toBytes()).putInt(SRQN_OFFSET, srqn);
        return record.array();
    }

    /**
     * @param record a {@code struct pingpong_dest} as {@link #encodeBinary()} makes it
     * @return the keys it holds
     * @throws PeerException if it is shorter than the structure
     */
    static PerftestKeys decodeBinary(byte[] record) {
        if (record.length < BINARY_SIZE) {
            throw new PeerException("the peer sent " + record.length + " bytes as its address; struct pingpong_dest"
                    + " has " + BINARY_SIZE);
        }
        ByteBuffer in = ByteBuffer.wrap(record);
        byte[] raw = new byte[16];
        in.get(GID_OFFSET, raw);
        return new PerftestKeys(in.getInt(0), in.getInt(4), in.getInt(8), in.getInt(12), in.getInt(16),
                in.getLong(24), Gid.ofBytes(raw), in.getInt(SRQN_OFFSET));
    }

    /**
     * @param withGid whether the sides use a GID index (perftest's {@code gid_index != -1})
     * @return the record's bytes, NUL padded
     */
    byte[] encode(boolean withGid) {
        StringBuilder text = new StringBuilder(String.format("%04x:%04x:%06x:%06x:%08x:%016x", lid, outReads, qpn, psn,
                rkey, vaddr));
        if (withGid) {
            for (byte b : gid.toBytes()) {
                text.append(String.format(":%02x", b & 0xff));
            }
            text.append(String.format(":%08x:", srqn));
        } else {
            text.append(String.format(":%08x", srqn));
        }
        byte[] record = new byte[withGid ? SIZE_WITH_GID : SIZE];
        byte[] ascii = text.toString().getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(ascii, 0, record, 0, Math.min(ascii.length, record.length - 1));
        return record;
    }

    /**
     * @param record the bytes received
     * @param withGid whether they carry a GID
     * @return the keys they hold
     * @throws PeerException if they are not such a record
     */
    static PerftestKeys decode(byte[] record, boolean withGid) {
        String text = new String(record, StandardCharsets.US_ASCII).split("\0", 2)[0];
        String[] fields = text.split(":");
        int expected = withGid ? 23 : 7;
        if (fields.length < expected) {
            throw new PeerException("the peer sent a malformed perftest address record: \"" + text + "\" (does the"
                    + " peer use a GID index? both sides must, or neither)");
        }
        try {
            return new PerftestKeys(hex(fields[0]), hex(fields[1]), hex(fields[2]), hex(fields[3]), hex(fields[4]),
                    Long.parseUnsignedLong(fields[5], 16), withGid ? gid(fields) : Gid.ZERO,
                    hex(fields[expected - 1]));
        } catch (NumberFormatException malformed) {
            throw new PeerException("the peer sent a malformed perftest address record: \"" + text + "\"", malformed);
        }
    }

    private static Gid gid(String[] fields) {
        byte[] raw = new byte[16];
        for (int i = 0; i < 16; i++) {
            raw[i] = (byte) Integer.parseInt(fields[6 + i], 16);
        }
        return Gid.ofBytes(raw);
    }

    private static int hex(String digits) {
        return (int) Long.parseLong(digits, 16);
    }
}
