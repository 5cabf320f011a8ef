package org.verbs4j.tools.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.verbs4j.Destination;
import org.verbs4j.Gid;

/** The 52-byte record of rdma-core's pingpong.c, byte for byte. */
class PingPongMessageTest {

    private static final Destination ADDRESS = new Destination(0x1a, 0x11, 0x9e58ec,
            new Gid(0, 0x0000ffff0a4d0001L));

    @Test
    void theRecordIsTheCFormatThenNulPadding() {
        byte[] record = PingPongMessage.encode(ADDRESS);

        assertThat(record).hasSize(52);
        assertThat(new String(record, 0, 51, StandardCharsets.US_ASCII))
                .isEqualTo("001a:000011:9e58ec:00000000000000000000ffff0a4d0001");
        assertThat(record[51]).isZero();
    }

    @Test
    void aRecordReadsBackAsTheSameDestination() {
        assertThat(PingPongMessage.decode(PingPongMessage.encode(ADDRESS))).isEqualTo(ADDRESS);
    }

    @Test
    void upperCaseHexAsScanfAcceptsIt() {
        byte[] record = "001A:000011:9E58EC:00000000000000000000FFFF0A4D0001\0".getBytes(StandardCharsets.US_ASCII);

        assertThat(PingPongMessage.decode(record)).isEqualTo(ADDRESS);
    }

    @Test
    void aMalformedRecordIsQuotedInTheError() {
        byte[] record = "hello\0".getBytes(StandardCharsets.US_ASCII);

        assertThatThrownBy(() -> PingPongMessage.decode(record)).isInstanceOf(PeerException.class)
                .hasMessage("the peer sent a malformed address record: \"hello\"");
    }
}
