package org.verbs4j.provider.soft.wire.roce.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.ImmDt;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.Reth;
import org.verbs4j.provider.soft.wire.roce.Transport;

/** Path-MTU segmentation of SEND and RDMA WRITE at 256, 1024 and 4096 bytes, around each boundary. */
class SegmentationTest {

    private static final int START_PSN = 0xFF_FFFE;
    private static final int DEST_QP = 0x4242;

    static Stream<Arguments> boundaries() {
        List<Arguments> cases = new ArrayList<>();
        for (int mtu : new int[] {256, 1024, 4096}) {
            for (int length : new int[] {0, 1, mtu - 1, mtu, mtu + 1, 2 * mtu, 3 * mtu - 1, 3 * mtu, 3 * mtu + 3}) {
                cases.add(Arguments.of(mtu, length));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "MTU {0}, {1} bytes")
    @MethodSource("boundaries")
    void aSendIsFirstMiddlesLastOrOnly(int mtu, int length) {
        TestHost host = new TestHost(0, 0);
        CapturedPackets wire = new CapturedPackets();
        Requester requester = requester(Transport.RC, mtu, wire, host);
        byte[] message = message(length);
        host.outgoing.put(7L, message);
        requester.nextSlot().send(7, length);
        requester.post(0);

        int packets = Math.max(1, (length + mtu - 1) / mtu);
        assertThat(wire.opcodes()).containsExactlyElementsOf(expectedOpcodes(packets, Opcode.RC_SEND_ONLY,
                Opcode.RC_SEND_FIRST, Opcode.RC_SEND_MIDDLE, Opcode.RC_SEND_LAST));
        assertThat(wire.psns()).containsExactlyElementsOf(
                IntStream.range(0, packets).mapToObj(i -> Psn.add(START_PSN, i)).toList());
        ByteBuffer reassembled = ByteBuffer.allocate(length);
        for (int i = 0; i < packets; i++) {
            int payload = wire.payloadLength(i);
            assertThat(payload).isEqualTo(Math.min(mtu, length - i * mtu));
            assertThat(Bth.pad(wire.get(i), 0)).isEqualTo(Bth.padFor(payload));
            assertThat(Bth.ackRequest(wire.get(i), 0)).isEqualTo(i == packets - 1);
            assertThat(Bth.destQp(wire.get(i), 0)).isEqualTo(DEST_QP);
            reassembled.put(i * mtu, wire.get(i), wire.opcode(i).headerBytes(), payload);
        }
        assertThat(reassembled.array()).isEqualTo(message);
        assertThat(requester.nextPsn()).isEqualTo(Psn.add(START_PSN, packets));
    }

    @ParameterizedTest(name = "MTU {0}, {1} bytes")
    @MethodSource("boundaries")
    void aWriteWithImmediateCarriesRethFirstAndImmDtLast(int mtu, int length) {
        TestHost host = new TestHost(0, 0);
        CapturedPackets wire = new CapturedPackets();
        Requester requester = requester(Transport.UC, mtu, wire, host);
        host.outgoing.put(9L, message(length));
        requester.nextSlot().write(9, length, 0x1_0000_0000L, 0x77).immediate(0xCAFE);
        requester.post(0);

        int packets = Math.max(1, (length + mtu - 1) / mtu);
        assertThat(wire.opcodes()).containsExactlyElementsOf(expectedOpcodes(packets,
                Opcode.UC_RDMA_WRITE_ONLY_WITH_IMMEDIATE, Opcode.UC_RDMA_WRITE_FIRST, Opcode.UC_RDMA_WRITE_MIDDLE,
                Opcode.UC_RDMA_WRITE_LAST_WITH_IMMEDIATE));
        Opcode first = wire.opcode(0);
        assertThat(Reth.virtualAddress(wire.get(0), first.offsetOf(ExtensionHeader.RETH))).isEqualTo(0x1_0000_0000L);
        assertThat(Reth.rKey(wire.get(0), first.offsetOf(ExtensionHeader.RETH))).isEqualTo(0x77);
        assertThat(Reth.dmaLength(wire.get(0), first.offsetOf(ExtensionHeader.RETH))).isEqualTo(length);
        for (int i = 1; i < packets; i++) {
            assertThat(wire.opcode(i).carries(ExtensionHeader.RETH)).isFalse();
        }
        Opcode last = wire.opcode(packets - 1);
        assertThat(ImmDt.immediate(wire.last(), last.offsetOf(ExtensionHeader.IMMDT))).isEqualTo(0xCAFE);
        assertThat(host.sendCompletions).as("UC completes once sent").hasSize(1);
    }

    @ParameterizedTest(name = "MTU {0}, {1} bytes")
    @MethodSource("boundaries")
    void aReadRequestTakesThePsnsOfItsResponse(int mtu, int length) {
        CapturedPackets wire = new CapturedPackets();
        Requester requester = requester(Transport.RC, mtu, wire, new TestHost(0, 0));
        requester.nextSlot().read(3, length, 0x2000, 0x55);
        requester.post(0);

        assertThat(wire.opcodes()).containsExactly(Opcode.RC_RDMA_READ_REQUEST);
        assertThat(Reth.dmaLength(wire.get(0), 12)).isEqualTo(length);
        assertThat(Bth.ackRequest(wire.get(0), 0)).isTrue();
        assertThat(requester.nextPsn()).isEqualTo(Psn.add(START_PSN, Math.max(1, (length + mtu - 1) / mtu)));
    }

    @Test
    void aLongMessageAsksForAnAcknowledgementAtLeastEverySixtyFivePackets() {
        TestHost host = new TestHost(0, 0);
        CapturedPackets wire = new CapturedPackets();
        Requester requester = requester(Transport.RC, 256, wire, host);
        host.outgoing.put(1L, message(100 * 256));
        requester.nextSlot().send(1, 100 * 256);
        requester.post(0);

        List<Integer> asking = IntStream.range(0, wire.size()).filter(i -> Bth.ackRequest(wire.get(i), 0)).boxed()
                .toList();
        assertThat(asking).containsExactly(65, 99);
    }

    private static List<Opcode> expectedOpcodes(int packets, Opcode only, Opcode first, Opcode middle, Opcode last) {
        if (packets == 1) {
            return List.of(only);
        }
        List<Opcode> opcodes = new ArrayList<>();
        opcodes.add(first);
        for (int i = 1; i < packets - 1; i++) {
            opcodes.add(middle);
        }
        opcodes.add(last);
        return opcodes;
    }

    private static Requester requester(Transport transport, int mtu, CapturedPackets wire, TestHost host) {
        RequesterConfig config = new RequesterConfig(transport, DEST_QP, START_PSN, mtu, 1, 14, 7, 7, 16);
        return new Requester(config, wire, host, host);
    }

    static byte[] message(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 7 + i / 251);
        }
        return bytes;
    }
}
