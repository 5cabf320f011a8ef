package org.verbs4j.provider.soft.wire.roce.cm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** rdma_cm's private-data header over IPv6 (the layout of Linux's struct cma_hdr, written out by hand). */
class CmaHeaderTest {

    @Test
    void ipv6AddressesFillTheirSixteenBytes() {
        byte[] source = HexFormat.of().parseHex("fd790000000000000000000000000002");
        byte[] destination = HexFormat.of().parseHex("fd790000000000000000000000000001");
        ByteBuffer b = ByteBuffer.allocate(CmaHeader.BYTES);
        CmaHeader.put(b, 0, 0x1234, source, destination);
        assertThat(HexFormat.of().formatHex(b.array())).isEqualTo("00" + "60" + "1234"
                + "fd790000000000000000000000000002" + "fd790000000000000000000000000001");
        assertThat(CmaHeader.ipVersion(b, 0)).isEqualTo(6);
        byte[] read = new byte[16];
        CmaHeader.address(b, CmaHeader.sourceAddress(0), read);
        assertThat(read).isEqualTo(source);
    }

    @Test
    void ipv4LeavesTwelveZerosBeforeEachAddress() {
        ByteBuffer b = ByteBuffer.allocate(CmaHeader.BYTES);
        for (int i = 0; i < CmaHeader.BYTES; i++) {
            b.put(i, (byte) 0xEE);
        }
        CmaHeader.put(b, 0, 7471, new byte[] {10, 79, 0, 2}, new byte[] {10, 79, 0, 1});
        assertThat(HexFormat.of().formatHex(b.array())).isEqualTo("0040" + "1d2f"
                + "000000000000000000000000" + "0a4f0002" + "000000000000000000000000" + "0a4f0001");
    }
}
