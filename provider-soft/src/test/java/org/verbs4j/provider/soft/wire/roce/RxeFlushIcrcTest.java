package org.verbs4j.provider.soft.wire.roce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Packets rxe sent to the soft device in {@code vm/run-roce-wire.sh soft-atomic} (kernel 6.12, rdma-core 56.1;
 * kernel 7.2 computes the same): its ATOMIC WRITE carries the IBTA's ICRC, which the soft device checks as it
 * checks every packet, and its FLUSH carries an ICRC of rxe's own. rxe's opcode table ({@code rxe_opcode.c},
 * {@code IB_OPCODE_RC_FLUSH}) gives FLUSH no {@code RXE_PAYLOAD} offset, so {@code payload_addr()} is the BTH and
 * {@code rxe_icrc.c} goes on over the whole packet again, BTH unmasked, as a 32-byte payload. The soft device drops
 * that FLUSH, and rxe drops the soft device's, whose ICRC is the IBTA's.
 */
class RxeFlushIcrcTest {

    private static final HexFormat HEX = HexFormat.of();
    /** The addresses rxe0 (10.79.0.1, UDP source port 55545) sent them between, and their IPv4 identifications. */
    private static final byte[] RXE = {10, 79, 0, 1};
    private static final byte[] SOFT = {10, 79, 0, 2};
    private static final int SOURCE_PORT = 55545;
    private static final byte[] ATOMIC_WRITE = HEX.parseHex("1d00ffff" + "00000011" + "80d3cbab"
            + "00007f31fc16f148" + "0000019e" + "00000008" + "efcdab8967452301" + "96aca7ad");
    private static final byte[] FLUSH = HEX.parseHex("1c00ffff" + "00000011" + "80d3cbac" + "00000001"
            + "00007f31fc16f148" + "0000019e" + "00000008" + "c4cedff3");

    @Test
    void theSoftDeviceTakesRxesAtomicWriteWhoseIcrcIsTheIbtas() {
        UdpFlow flow = new UdpFlow().set(RXE, SOURCE_PORT, SOFT, RoceV2.UDP_PORT).identification(50962);

        assertThat(new Icrc().matches(ByteBuffer.wrap(ATOMIC_WRITE), 0, ATOMIC_WRITE.length, flow)).isTrue();
        assertThat(FlushIcrcCheck.wireIcrc(ATOMIC_WRITE)).isEqualTo(FlushIcrcCheck.ibtaIcrc(ATOMIC_WRITE, flow));
    }

    @Test
    void rxesFlushCarriesTheIcrcOfItsOpcodeTableNotTheIbtasAndTheSoftDeviceDropsIt() {
        UdpFlow flow = new UdpFlow().set(RXE, SOURCE_PORT, SOFT, RoceV2.UDP_PORT).identification(51092);

        assertThat(FlushIcrcCheck.wireIcrc(FLUSH)).isEqualTo(FlushIcrcCheck.rxeFlushIcrc(FLUSH, flow))
                .isNotEqualTo(FlushIcrcCheck.ibtaIcrc(FLUSH, flow));
        assertThat(new Icrc().matches(ByteBuffer.wrap(FLUSH), 0, FLUSH.length, flow)).isFalse();
    }
}
