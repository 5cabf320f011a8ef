package org.verbs4j.provider.soft.wire.roce;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.zip.CRC32;

/**
 * Test program of {@code vm/run-roce-wire.sh soft-atomic}: reads the packets {@code vm/guest/roce-capture.c} printed
 * on rxe's side of the veth pair and, for each FLUSH (0x1C) and ATOMIC WRITE (0x1D), compares its ICRC with two
 * computations: the IBTA's (the masked IP and UDP headers, the masked BTH, the rest of the packet) and rxe's for a
 * FLUSH, whose entry in rxe's opcode table ({@code rxe_opcode.c}, {@code IB_OPCODE_RC_FLUSH}) has no
 * {@code RXE_PAYLOAD} offset: {@code payload_addr()} is then the BTH, and rxe's ICRC (rxe_icrc.c) goes on after
 * the headers over the whole packet again, BTH unmasked, as its 32-byte "payload".
 *
 * <p>Prints one line per packet and exits 0 when at least one FLUSH was seen and every packet matches what its
 * sender computes: the soft device's ("in" on rxe's side) the IBTA's ICRC, rxe's ("out") the IBTA's for an ATOMIC
 * WRITE and its own, and not the IBTA's, for a FLUSH; otherwise 1, naming the packet.
 */
final class FlushIcrcCheck {

    private static final int FLUSH = 0x1C;
    private static final int ATOMIC_WRITE = 0x1D;
    private static final HexFormat HEX = HexFormat.of();

    private FlushIcrcCheck() {
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        int flushes = 0;
        boolean sound = true;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            String[] fields = line.trim().split(" ", 5);
            if (fields.length < 5) {
                continue;
            }
            byte[] packet = HEX.parseHex(fields[4].replace(" ", ""));
            int opcode = packet[0] & 0xFF;
            if (opcode == FLUSH || opcode == ATOMIC_WRITE) {
                flushes += opcode == FLUSH ? 1 : 0;
                sound &= check(fields, packet, opcode);
            }
        }
        System.out.println(flushes == 0 ? "no FLUSH on the wire" : sound ? "every ICRC as its sender computes it"
                : "an ICRC its sender does not compute so");
        System.exit(flushes > 0 && sound ? 0 : 1);
    }

    private static boolean check(String[] fields, byte[] packet, int opcode) throws Exception {
        boolean fromRxe = fields[0].equals("out");
        String[] addresses = fields[1].split(">");
        UdpFlow flow = new UdpFlow().set(InetAddress.getByName(addresses[0]).getAddress(),
                Integer.parseInt(fields[3].substring("sport=".length())),
                InetAddress.getByName(addresses[1]).getAddress(), RoceV2.UDP_PORT);
        flow.identification(Integer.parseInt(fields[2].substring("id=".length())));
        int wire = wireIcrc(packet);
        int ibta = ibtaIcrc(packet, flow);
        int rxeFlush = rxeFlushIcrc(packet, flow);
        boolean expectRxeFlush = fromRxe && opcode == FLUSH;
        boolean ok = expectRxeFlush ? wire == rxeFlush && wire != ibta : wire == ibta;
        int reth = opcode == FLUSH ? RoceV2.BTH_BYTES + 4 : RoceV2.BTH_BYTES;
        System.out.printf("%s %s from %s, PSN %06x, RETH VA %x: ICRC %08x, IBTA %08x, rxe's FLUSH table %08x: %s%n",
                ok ? "as expected" : "UNEXPECTED", opcode == FLUSH ? "FLUSH" : "ATOMIC WRITE",
                fromRxe ? "rxe" : "the soft device", ByteBuffer.wrap(packet).getInt(8) & 0xFFFFFF,
                ByteBuffer.wrap(packet).getLong(reth), wire, ibta, rxeFlush,
                wire == ibta ? "the IBTA's" : wire == rxeFlush ? "rxe's" : "neither");
        return ok;
    }

    /** @return the ICRC a packet carries (its last four bytes, least significant byte first) */
    static int wireIcrc(byte[] packet) {
        return Integer.reverseBytes(ByteBuffer.wrap(packet).getInt(packet.length - RoceV2.ICRC_BYTES));
    }

    /** @return the IBTA's ICRC of a packet: masked headers and BTH, then every byte after the BTH */
    static int ibtaIcrc(byte[] packet, UdpFlow flow) {
        int covered = packet.length - RoceV2.ICRC_BYTES;
        CRC32 crc = headers(packet, covered, flow);
        crc.update(packet, RoceV2.BTH_BYTES, covered - RoceV2.BTH_BYTES);
        return (int) crc.getValue();
    }

    /**
     * @return rxe's ICRC of a FLUSH: the IBTA's computation, then, as the payload rxe_icrc.c finds at offset 0 of
     *     the opcode table's entry, the whole packet again from its BTH
     */
    static int rxeFlushIcrc(byte[] packet, UdpFlow flow) {
        int covered = packet.length - RoceV2.ICRC_BYTES;
        CRC32 crc = headers(packet, covered, flow);
        crc.update(packet, RoceV2.BTH_BYTES, covered - RoceV2.BTH_BYTES);
        crc.update(packet, 0, covered);
        return (int) crc.getValue();
    }

    /** The CRC over the masked LRH, IP and UDP headers and BTH, as {@link Icrc} starts it. */
    private static CRC32 headers(byte[] packet, int covered, UdpFlow flow) {
        CRC32 crc = new CRC32();
        crc.update(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1});
        byte[] scratch = new byte[MaskedHeaders.MAX_BYTES + RoceV2.BTH_BYTES];
        int headers = MaskedHeaders.write(scratch, flow, covered + RoceV2.ICRC_BYTES);
        System.arraycopy(packet, 0, scratch, headers, RoceV2.BTH_BYTES);
        scratch[headers + 4] = -1;
        crc.update(scratch, 0, headers + RoceV2.BTH_BYTES);
        return crc;
    }
}
