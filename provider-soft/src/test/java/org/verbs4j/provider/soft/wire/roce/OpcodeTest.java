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
        assertThat(Opcode.values()).as("RC with FLUSH and ATOMIC WRITE, UC, UD, XRC").hasSize(25 + 12 + 2 + 23);
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
        for (int code : new int[] {0x15, 0x18, 0x1F, 0x2C, 0x40, 0x60, 0x63, 0x66, 0x80, 0x81, 0xB5, 0xB8, 0xC0, 0xFF}) {
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
    void xrcHasRcsOpcodesFrom0xA0() {
        for (Opcode rc : Opcode.values()) {
            // FLUSH and ATOMIC WRITE are RC's alone (as in Linux's ib_pack.h): 0xBC and 0xBD stay unknown
            if (rc == Opcode.RC_FLUSH || rc == Opcode.RC_ATOMIC_WRITE) {
                assertThat(Opcode.of(0xA0 | rc.code())).as("0x%02x", 0xA0 | rc.code()).isNull();
            } else if (rc.transport() == Transport.RC) {
                Opcode xrc = Opcode.of(0xA0 | rc.code());
                assertThat(xrc).as("0x%02x", 0xA0 | rc.code()).isNotNull();
                assertThat(xrc.name()).isEqualTo("X" + rc.name());
                assertThat(xrc.transport()).isEqualTo(Transport.XRC);
                assertThat(xrc.part()).isEqualTo(rc.part());
                assertThat(xrc.isResponse()).isEqualTo(rc.isResponse());
                assertThat(xrc.hasPayload()).isEqualTo(rc.hasPayload());
            }
        }
        assertThat(Opcode.XRC_SEND_FIRST.code()).isEqualTo(0xA0);
        assertThat(Opcode.XRC_RDMA_READ_REQUEST.code()).isEqualTo(0xAC);
        assertThat(Opcode.XRC_ACKNOWLEDGE.code()).isEqualTo(0xB1);
        assertThat(Opcode.XRC_SEND_ONLY_WITH_INVALIDATE.code()).isEqualTo(0xB7);
    }

    @Test
    void everyXrcRequestPacketCarriesTheXrcethRightAfterTheBthAndNoResponseDoes() {
        for (Opcode opcode : Opcode.values()) {
            boolean xrcRequest = opcode.transport() == Transport.XRC && !opcode.isResponse();
            assertThat(opcode.carries(ExtensionHeader.XRCETH)).as(opcode.name()).isEqualTo(xrcRequest);
            if (xrcRequest) {
                assertThat(opcode.offsetOf(ExtensionHeader.XRCETH)).isEqualTo(12);
            }
        }
        assertThat(Opcode.XRC_SEND_MIDDLE.headerBytes()).isEqualTo(16);
        assertThat(Opcode.XRC_RDMA_WRITE_FIRST.offsetOf(ExtensionHeader.RETH)).isEqualTo(16);
        assertThat(Opcode.XRC_RDMA_WRITE_ONLY_WITH_IMMEDIATE.offsetOf(ExtensionHeader.IMMDT)).isEqualTo(32);
        assertThat(Opcode.XRC_RDMA_WRITE_ONLY_WITH_IMMEDIATE.headerBytes()).isEqualTo(36);
        assertThat(Opcode.XRC_COMPARE_SWAP.offsetOf(ExtensionHeader.ATOMIC_ETH)).isEqualTo(16);
        assertThat(Opcode.XRC_COMPARE_SWAP.headerBytes()).isEqualTo(44);
        assertThat(Opcode.XRC_SEND_LAST_WITH_INVALIDATE.offsetOf(ExtensionHeader.IETH)).isEqualTo(16);
        assertThat(Opcode.XRC_ATOMIC_ACKNOWLEDGE.offsetOf(ExtensionHeader.ATOMIC_ACK_ETH)).isEqualTo(16);
        assertThat(Opcode.XRC_RDMA_READ_RESPONSE_MIDDLE.headerBytes()).isEqualTo(12);
    }

    @Test
    void anAbsentHeaderHasNoOffset() {
        assertThatThrownBy(() -> Opcode.RC_SEND_ONLY.offsetOf(ExtensionHeader.RETH))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
