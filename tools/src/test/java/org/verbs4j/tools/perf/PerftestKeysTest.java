package org.verbs4j.tools.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.verbs4j.Gid;
import org.verbs4j.tools.connect.PeerException;

/** perftest's KEY_PRINT_FMT and KEY_PRINT_FMT_GID records, and struct pingpong_dest as rdma_write_keys sends it. */
class PerftestKeysTest {

    private static final PerftestKeys KEYS = new PerftestKeys(0, 0x80, 0x11, 0x6d3e5a, 0x1234, 0x7f0000001000L,
            new Gid(0, 0x0000ffff0a4d0001L), 0);

    @Test
    void withAGidTheRecordHas108BytesAndEndsWithTheSrqNumberAndAColon() {
        byte[] record = KEYS.encode(true);

        assertThat(record).hasSize(108);
        assertThat(new String(record, 0, 107, StandardCharsets.US_ASCII)).isEqualTo("0000:0080:000011:6d3e5a:00001234:"
                + "00007f0000001000:00:00:00:00:00:00:00:00:00:00:ff:ff:0a:4d:00:01:00000000:");
        assertThat(record[107]).isZero();
    }

    @Test
    void overRdmaCmTheKeysAreStructPingpongDestWithBigEndianFields() {
        byte[] record = KEYS.encodeBinary();
        ByteBuffer fields = ByteBuffer.wrap(record);

        assertThat(record).hasSize(56);
        assertThat(new int[] {fields.getInt(0), fields.getInt(4), fields.getInt(8), fields.getInt(12), fields.getInt(16)})
                .containsExactly(0, 0x80, 0x11, 0x6d3e5a, 0x1234);
        assertThat(fields.getLong(24)).isEqualTo(0x7f0000001000L);
        assertThat(record[42]).isEqualTo((byte) 0xff);
        assertThat(record[47]).isEqualTo((byte) 0x01);
        assertThat(PerftestKeys.decodeBinary(record)).isEqualTo(KEYS);
    }

    @Test
    void aStructShorterThanPingpongDestIsRefused() {
        assertThatThrownBy(() -> PerftestKeys.decodeBinary(new byte[48])).isInstanceOf(PeerException.class)
                .hasMessageContaining("48 bytes");
    }

    @Test
    void withoutAGidTheRecordHas59Bytes() {
        byte[] record = KEYS.encode(false);

        assertThat(record).hasSize(59);
        assertThat(new String(record, 0, 58, StandardCharsets.US_ASCII))
                .isEqualTo("0000:0080:000011:6d3e5a:00001234:00007f0000001000:00000000");
    }

    @Test
    void bothFormsReadBack() {
        assertThat(PerftestKeys.decode(KEYS.encode(true), true)).isEqualTo(KEYS);
        assertThat(PerftestKeys.decode(KEYS.encode(false), false))
                .isEqualTo(new PerftestKeys(0, 0x80, 0x11, 0x6d3e5a, 0x1234, 0x7f0000001000L, Gid.ZERO, 0));
    }

    @Test
    void aRecordWithoutGidWhereOneIsExpectedNamesTheLikelyCause() {
        byte[] record = new byte[108];
        System.arraycopy(KEYS.encode(false), 0, record, 0, 59);

        assertThatThrownBy(() -> PerftestKeys.decode(record, true)).isInstanceOf(PeerException.class)
                .hasMessageContaining("both sides must, or neither");
    }

    @Test
    void cAlternateHexHasNoPrefixForZero() {
        assertThat(PerfPrinter.alternateHex(0, 4)).isEqualTo("0000");
        assertThat(PerfPrinter.alternateHex(0x11, 6)).isEqualTo("0x0011");
        assertThat(PerfPrinter.alternateHex(0x6d3e5a, 6)).isEqualTo("0x6d3e5a");
    }
}
