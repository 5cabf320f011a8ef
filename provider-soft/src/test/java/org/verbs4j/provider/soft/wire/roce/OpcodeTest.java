package org.verbs4j.provider.soft.wire.roce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The opcode table against IBTA Table 38 and the header layouts of rxe's rxe_opcode.c, written out by hand. */
class OpcodeTest {

    @Test
    void everyOpcodeIsFoundByItsCode() {
        for (Opcode opcode : Opcode.values()) {
            assertThat(Opcode.of(opcode.code())).isSameAs(opcode);
        }
        assertThat(Opcode.values()).as("RC with FLUSH and ATOMIC WRITE, UC, UD").hasSize(25 + 12 + 2);
    }

    @Test
    void codesAreTheSpecificationsOnes() {
        assertThat(Opcode.RC_SEND_FIRST.code()).isEqualTo(0x00);
        assertThat(Opcode.RC_ACKNOWLEDGE.code()).isEqualTo(0x11);
        assertThat(Opcode.RC_FETCH_ADD.code()).isEqualTo(0x14);
        assertThat(Opcode.RC_SEND_ONLY_WITH_INVALIDATE.code()).isEqualTo(0x17);
        assertThat(Opcode.RC_FLUSH.code()).isEqualTo(0x1C);
        assertThat(Opcode.RC_ATOMIC_WRITE.code()).isEqualTo(0x1D);
        assertThat(Opcode.UC_SEND_ONLY.code()).isEqualTo(0x24);
        assertThat(Opcode.UC_RDMA_WRITE_ONLY_WITH_IMMEDIATE.code()).isEqualTo(0x2B);
        assertThat(Opcode.UD_SEND_ONLY.code()).isEqualTo(0x64);
        assertThat(Opcode.UD_SEND_ONLY_WITH_IMMEDIATE.code()).isEqualTo(0x65);
    }

    @Test
    void reservedAndUnsupportedCodesAreUnknown() {
        for (int code : new int[] {0x15, 0x18, 0x1F, 0x2C, 0x40, 0x60, 0x63, 0x66, 0x80, 0x81, 0xA0, 0xC0, 0xFF}) {
            assertThat(Opcode.of(code)).as("0x%02x", code).isNull();
        }
    }

    @Test
    void headersFollowTheWireOrder() {
        Opcode writeImm = Opcode.RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE;
        assertThat(writeImm.offsetOf(ExtensionHeader.RETH)).isEqualTo(12);
        assertThat(writeImm.offsetOf(ExtensionHeader.IMMDT)).isEqualTo(28);
        assertThat(writeImm.headerBytes()).isEqualTo(32);
        Opcode atomicAck = Opcode.RC_ATOMIC_ACKNOWLEDGE;
        assertThat(atomicAck.offsetOf(ExtensionHeader.AETH)).isEqualTo(12);
        assertThat(atomicAck.offsetOf(ExtensionHeader.ATOMIC_ACK_ETH)).isEqualTo(16);
        assertThat(atomicAck.headerBytes()).isEqualTo(24);
        Opcode udImm = Opcode.UD_SEND_ONLY_WITH_IMMEDIATE;
        assertThat(udImm.offsetOf(ExtensionHeader.DETH)).isEqualTo(12);
        assertThat(udImm.offsetOf(ExtensionHeader.IMMDT)).isEqualTo(20);
        assertThat(udImm.headerBytes()).isEqualTo(24);
        assertThat(Opcode.RC_COMPARE_SWAP.headerBytes()).isEqualTo(40);
        assertThat(Opcode.RC_SEND_LAST_WITH_INVALIDATE.offsetOf(ExtensionHeader.IETH)).isEqualTo(12);
        assertThat(Opcode.RC_SEND_MIDDLE.headerBytes()).isEqualTo(12);
    }

    @Test
    void partsPayloadsAndDirections() {
        assertThat(Opcode.RC_RDMA_READ_RESPONSE_MIDDLE.part()).isEqualTo(MessagePart.MIDDLE);
        assertThat(Opcode.RC_RDMA_READ_RESPONSE_MIDDLE.carries(ExtensionHeader.AETH)).isFalse();
        assertThat(Opcode.RC_RDMA_READ_RESPONSE_LAST.carries(ExtensionHeader.AETH)).isTrue();
        assertThat(Opcode.RC_RDMA_READ_RESPONSE_FIRST.isResponse()).isTrue();
        assertThat(Opcode.RC_RDMA_READ_RESPONSE_FIRST.hasPayload()).isTrue();
        assertThat(Opcode.RC_RDMA_READ_REQUEST.hasPayload()).isFalse();
        assertThat(Opcode.RC_RDMA_READ_REQUEST.isResponse()).isFalse();
        assertThat(Opcode.RC_ACKNOWLEDGE.hasPayload()).isFalse();
        assertThat(Opcode.UC_SEND_FIRST.part().starts()).isTrue();
        assertThat(Opcode.UC_SEND_FIRST.part().ends()).isFalse();
        assertThat(Opcode.UD_SEND_ONLY.transport()).isEqualTo(Transport.UD);
    }

    @Test
    void anAbsentHeaderHasNoOffset() {
        assertThatThrownBy(() -> Opcode.RC_SEND_ONLY.offsetOf(ExtensionHeader.RETH))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
