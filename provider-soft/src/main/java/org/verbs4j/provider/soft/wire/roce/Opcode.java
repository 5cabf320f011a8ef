package org.verbs4j.provider.soft.wire.roce;

import static org.verbs4j.provider.soft.wire.roce.ExtensionHeader.AETH;
import static org.verbs4j.provider.soft.wire.roce.ExtensionHeader.ATOMIC_ACK_ETH;
import static org.verbs4j.provider.soft.wire.roce.ExtensionHeader.ATOMIC_ETH;
import static org.verbs4j.provider.soft.wire.roce.ExtensionHeader.DETH;
import static org.verbs4j.provider.soft.wire.roce.ExtensionHeader.FETH;
import static org.verbs4j.provider.soft.wire.roce.ExtensionHeader.IETH;
import static org.verbs4j.provider.soft.wire.roce.ExtensionHeader.IMMDT;
import static org.verbs4j.provider.soft.wire.roce.ExtensionHeader.RETH;
import static org.verbs4j.provider.soft.wire.roce.ExtensionHeader.XRCETH;
import static org.verbs4j.provider.soft.wire.roce.MessagePart.FIRST;
import static org.verbs4j.provider.soft.wire.roce.MessagePart.LAST;
import static org.verbs4j.provider.soft.wire.roce.MessagePart.MIDDLE;
import static org.verbs4j.provider.soft.wire.roce.MessagePart.ONLY;

/**
 * The BTH opcodes of RC, UC and UD (IBTA 9.2, Table 38) and of XRC (the IBTA XRC annex: RC's opcodes from 0xA0,
 * with an XRCETH in every request packet and none in a response), each with the extended headers it carries,
 * where it sits in its message and whether it carries a payload, as Linux's rxe tabulates them.
 */
public enum Opcode {
    /** RC SEND, first packet. */
    RC_SEND_FIRST(Transport.RC, 0x00, FIRST, Carries.PAYLOAD),
    /** RC SEND, middle packet. */
    RC_SEND_MIDDLE(Transport.RC, 0x01, MIDDLE, Carries.PAYLOAD),
    /** RC SEND, last packet. */
    RC_SEND_LAST(Transport.RC, 0x02, LAST, Carries.PAYLOAD),
    /** RC SEND with immediate, last packet. */
    RC_SEND_LAST_WITH_IMMEDIATE(Transport.RC, 0x03, LAST, Carries.PAYLOAD, IMMDT),
    /** RC SEND in one packet. */
    RC_SEND_ONLY(Transport.RC, 0x04, ONLY, Carries.PAYLOAD),
    /** RC SEND with immediate in one packet. */
    RC_SEND_ONLY_WITH_IMMEDIATE(Transport.RC, 0x05, ONLY, Carries.PAYLOAD, IMMDT),
    /** RC RDMA WRITE, first packet. */
    RC_RDMA_WRITE_FIRST(Transport.RC, 0x06, FIRST, Carries.PAYLOAD, RETH),
    /** RC RDMA WRITE, middle packet. */
    RC_RDMA_WRITE_MIDDLE(Transport.RC, 0x07, MIDDLE, Carries.PAYLOAD),
    /** RC RDMA WRITE, last packet. */
    RC_RDMA_WRITE_LAST(Transport.RC, 0x08, LAST, Carries.PAYLOAD),
    /** RC RDMA WRITE with immediate, last packet. */
    RC_RDMA_WRITE_LAST_WITH_IMMEDIATE(Transport.RC, 0x09, LAST, Carries.PAYLOAD, IMMDT),
    /** RC RDMA WRITE in one packet. */
    RC_RDMA_WRITE_ONLY(Transport.RC, 0x0A, ONLY, Carries.PAYLOAD, RETH),
    /** RC RDMA WRITE with immediate in one packet. */
    RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE(Transport.RC, 0x0B, ONLY, Carries.PAYLOAD, RETH, IMMDT),
    /** RC RDMA READ request. */
    RC_RDMA_READ_REQUEST(Transport.RC, 0x0C, ONLY, Carries.NOTHING, RETH),
    /** RC RDMA READ response, first packet. */
    RC_RDMA_READ_RESPONSE_FIRST(Transport.RC, 0x0D, FIRST, Carries.RESPONSE_PAYLOAD, AETH),
    /** RC RDMA READ response, middle packet. */
    RC_RDMA_READ_RESPONSE_MIDDLE(Transport.RC, 0x0E, MIDDLE, Carries.RESPONSE_PAYLOAD),
    /** RC RDMA READ response, last packet. */
    RC_RDMA_READ_RESPONSE_LAST(Transport.RC, 0x0F, LAST, Carries.RESPONSE_PAYLOAD, AETH),
    /** RC RDMA READ response in one packet. */
    RC_RDMA_READ_RESPONSE_ONLY(Transport.RC, 0x10, ONLY, Carries.RESPONSE_PAYLOAD, AETH),
    /** RC acknowledgement (ACK or NAK, by its AETH syndrome). */
    RC_ACKNOWLEDGE(Transport.RC, 0x11, ONLY, Carries.RESPONSE, AETH),
    /** RC atomic acknowledgement, with the original remote value. */
    RC_ATOMIC_ACKNOWLEDGE(Transport.RC, 0x12, ONLY, Carries.RESPONSE, AETH, ATOMIC_ACK_ETH),
    /** RC atomic compare and swap. */
    RC_COMPARE_SWAP(Transport.RC, 0x13, ONLY, Carries.NOTHING, ATOMIC_ETH),
    /** RC atomic fetch and add. */
    RC_FETCH_ADD(Transport.RC, 0x14, ONLY, Carries.NOTHING, ATOMIC_ETH),
    /** RC SEND with invalidate, last packet. */
    RC_SEND_LAST_WITH_INVALIDATE(Transport.RC, 0x16, LAST, Carries.PAYLOAD, IETH),
    /** RC SEND with invalidate in one packet. */
    RC_SEND_ONLY_WITH_INVALIDATE(Transport.RC, 0x17, ONLY, Carries.PAYLOAD, IETH),
    /** RC FLUSH: FETH, then the RETH of the range (IBTA 1.5 annex, rxe's IB_OPCODE_RC_FLUSH). */
    RC_FLUSH(Transport.RC, 0x1C, ONLY, Carries.NOTHING, FETH, RETH),
    /** RC ATOMIC WRITE: RETH and the 8 bytes to store (rxe's IB_OPCODE_RC_ATOMIC_WRITE). */
    RC_ATOMIC_WRITE(Transport.RC, 0x1D, ONLY, Carries.PAYLOAD, RETH),
    /** UC SEND, first packet. */
    UC_SEND_FIRST(Transport.UC, 0x00, FIRST, Carries.PAYLOAD),
    /** UC SEND, middle packet. */
    UC_SEND_MIDDLE(Transport.UC, 0x01, MIDDLE, Carries.PAYLOAD),
    /** UC SEND, last packet. */
    UC_SEND_LAST(Transport.UC, 0x02, LAST, Carries.PAYLOAD),
    /** UC SEND with immediate, last packet. */
    UC_SEND_LAST_WITH_IMMEDIATE(Transport.UC, 0x03, LAST, Carries.PAYLOAD, IMMDT),
    /** UC SEND in one packet. */
    UC_SEND_ONLY(Transport.UC, 0x04, ONLY, Carries.PAYLOAD),
    /** UC SEND with immediate in one packet. */
    UC_SEND_ONLY_WITH_IMMEDIATE(Transport.UC, 0x05, ONLY, Carries.PAYLOAD, IMMDT),
    /** UC RDMA WRITE, first packet. */
    UC_RDMA_WRITE_FIRST(Transport.UC, 0x06, FIRST, Carries.PAYLOAD, RETH),
    /** UC RDMA WRITE, middle packet. */
    UC_RDMA_WRITE_MIDDLE(Transport.UC, 0x07, MIDDLE, Carries.PAYLOAD),
    /** UC RDMA WRITE, last packet. */
    UC_RDMA_WRITE_LAST(Transport.UC, 0x08, LAST, Carries.PAYLOAD),
    /** UC RDMA WRITE with immediate, last packet. */
    UC_RDMA_WRITE_LAST_WITH_IMMEDIATE(Transport.UC, 0x09, LAST, Carries.PAYLOAD, IMMDT),
    /** UC RDMA WRITE in one packet. */
    UC_RDMA_WRITE_ONLY(Transport.UC, 0x0A, ONLY, Carries.PAYLOAD, RETH),
    /** UC RDMA WRITE with immediate in one packet. */
    UC_RDMA_WRITE_ONLY_WITH_IMMEDIATE(Transport.UC, 0x0B, ONLY, Carries.PAYLOAD, RETH, IMMDT),
    /** XRC SEND, first packet. */
    XRC_SEND_FIRST(Transport.XRC, 0x00, FIRST, Carries.PAYLOAD, XRCETH),
    /** XRC SEND, middle packet. */
    XRC_SEND_MIDDLE(Transport.XRC, 0x01, MIDDLE, Carries.PAYLOAD, XRCETH),
    /** XRC SEND, last packet. */
    XRC_SEND_LAST(Transport.XRC, 0x02, LAST, Carries.PAYLOAD, XRCETH),
    /** XRC SEND with immediate, last packet. */
    XRC_SEND_LAST_WITH_IMMEDIATE(Transport.XRC, 0x03, LAST, Carries.PAYLOAD, XRCETH, IMMDT),
    /** XRC SEND in one packet. */
    XRC_SEND_ONLY(Transport.XRC, 0x04, ONLY, Carries.PAYLOAD, XRCETH),
    /** XRC SEND with immediate in one packet. */
    XRC_SEND_ONLY_WITH_IMMEDIATE(Transport.XRC, 0x05, ONLY, Carries.PAYLOAD, XRCETH, IMMDT),
    /** XRC RDMA WRITE, first packet. */
    XRC_RDMA_WRITE_FIRST(Transport.XRC, 0x06, FIRST, Carries.PAYLOAD, XRCETH, RETH),
    /** XRC RDMA WRITE, middle packet. */
    XRC_RDMA_WRITE_MIDDLE(Transport.XRC, 0x07, MIDDLE, Carries.PAYLOAD, XRCETH),
    /** XRC RDMA WRITE, last packet. */
    XRC_RDMA_WRITE_LAST(Transport.XRC, 0x08, LAST, Carries.PAYLOAD, XRCETH),
    /** XRC RDMA WRITE with immediate, last packet. */
    XRC_RDMA_WRITE_LAST_WITH_IMMEDIATE(Transport.XRC, 0x09, LAST, Carries.PAYLOAD, XRCETH, IMMDT),
    /** XRC RDMA WRITE in one packet. */
    XRC_RDMA_WRITE_ONLY(Transport.XRC, 0x0A, ONLY, Carries.PAYLOAD, XRCETH, RETH),
    /** XRC RDMA WRITE with immediate in one packet. */
    XRC_RDMA_WRITE_ONLY_WITH_IMMEDIATE(Transport.XRC, 0x0B, ONLY, Carries.PAYLOAD, XRCETH, RETH, IMMDT),
    /** XRC RDMA READ request. */
    XRC_RDMA_READ_REQUEST(Transport.XRC, 0x0C, ONLY, Carries.NOTHING, XRCETH, RETH),
    /** XRC RDMA READ response, first packet. */
    XRC_RDMA_READ_RESPONSE_FIRST(Transport.XRC, 0x0D, FIRST, Carries.RESPONSE_PAYLOAD, AETH),
    /** XRC RDMA READ response, middle packet. */
    XRC_RDMA_READ_RESPONSE_MIDDLE(Transport.XRC, 0x0E, MIDDLE, Carries.RESPONSE_PAYLOAD),
    /** XRC RDMA READ response, last packet. */
    XRC_RDMA_READ_RESPONSE_LAST(Transport.XRC, 0x0F, LAST, Carries.RESPONSE_PAYLOAD, AETH),
    /** XRC RDMA READ response in one packet. */
    XRC_RDMA_READ_RESPONSE_ONLY(Transport.XRC, 0x10, ONLY, Carries.RESPONSE_PAYLOAD, AETH),
    /** XRC acknowledgement (ACK or NAK, by its AETH syndrome). */
    XRC_ACKNOWLEDGE(Transport.XRC, 0x11, ONLY, Carries.RESPONSE, AETH),
    /** XRC atomic acknowledgement, with the original remote value. */
    XRC_ATOMIC_ACKNOWLEDGE(Transport.XRC, 0x12, ONLY, Carries.RESPONSE, AETH, ATOMIC_ACK_ETH),
    /** XRC atomic compare and swap. */
    XRC_COMPARE_SWAP(Transport.XRC, 0x13, ONLY, Carries.NOTHING, XRCETH, ATOMIC_ETH),
    /** XRC atomic fetch and add. */
    XRC_FETCH_ADD(Transport.XRC, 0x14, ONLY, Carries.NOTHING, XRCETH, ATOMIC_ETH),
    /** XRC SEND with invalidate, last packet. */
    XRC_SEND_LAST_WITH_INVALIDATE(Transport.XRC, 0x16, LAST, Carries.PAYLOAD, XRCETH, IETH),
    /** XRC SEND with invalidate in one packet. */
    XRC_SEND_ONLY_WITH_INVALIDATE(Transport.XRC, 0x17, ONLY, Carries.PAYLOAD, XRCETH, IETH),
    /** UD SEND (always one packet). */
    UD_SEND_ONLY(Transport.UD, 0x04, ONLY, Carries.PAYLOAD, DETH),
    /** UD SEND with immediate. */
    UD_SEND_ONLY_WITH_IMMEDIATE(Transport.UD, 0x05, ONLY, Carries.PAYLOAD, DETH, IMMDT);

    private static final Opcode[] BY_CODE = byCode();

    private final Transport transport;
    private final int code;
    private final MessagePart part;
    private final Carries carries;
    private final int headers;
    private final int headerBytes;
    private final int[] offsets;

    Opcode(Transport transport, int low, MessagePart part, Carries carries, ExtensionHeader... headers) {
        this.transport = transport;
        this.code = transport.opcodeBase() | low;
        this.part = part;
        this.carries = carries;
        this.headers = bits(headers);
        this.headerBytes = RoceV2.BTH_BYTES + lengthOf(headers);
        this.offsets = offsets(this.headers);
    }

    /**
     * The opcode of a BTH opcode byte.
     *
     * @param code the byte, 0 to 255
     * @return the opcode, or null if this layer does not know it (RD, CNP, reserved, vendor)
     */
    public static Opcode of(int code) {
        return BY_CODE[code & 0xFF];
    }

    /** @return the BTH opcode byte */
    public int code() {
        return code;
    }

    /** @return the transport service */
    public Transport transport() {
        return transport;
    }

    /** @return where this packet sits in its message */
    public MessagePart part() {
        return part;
    }

    /** @return whether this packet may carry payload bytes after its headers */
    public boolean hasPayload() {
        return carries == Carries.PAYLOAD || carries == Carries.RESPONSE_PAYLOAD;
    }

    /** @return whether a responder sends this opcode (acknowledgements and READ responses) */
    public boolean isResponse() {
        return carries == Carries.RESPONSE || carries == Carries.RESPONSE_PAYLOAD;
    }

    /**
     * @param header an extended header
     * @return whether packets of this opcode carry it
     */
    public boolean carries(ExtensionHeader header) {
        return (headers & header.bit()) != 0;
    }

    /** @return the length of the BTH and the extended headers: where the payload starts */
    public int headerBytes() {
        return headerBytes;
    }

    /**
     * @param header an extended header this opcode carries
     * @return its offset from the start of the BTH
     * @throws IllegalArgumentException if this opcode does not carry it
     */
    public int offsetOf(ExtensionHeader header) {
        if (!carries(header)) {
            throw new IllegalArgumentException(this + " carries no " + header);
        }
        return offsets[header.ordinal()];
    }

    /** Each header's offset if it were present: the BTH and the present headers that precede it on the wire. */
    private static int[] offsets(int headers) {
        ExtensionHeader[] all = ExtensionHeader.values();
        int[] offsets = new int[all.length];
        int offset = RoceV2.BTH_BYTES;
        for (ExtensionHeader header : all) {
            offsets[header.ordinal()] = offset;
            offset += (headers & header.bit()) != 0 ? header.bytes() : 0;
        }
        return offsets;
    }

    private static int bits(ExtensionHeader[] headers) {
        int bits = 0;
        for (ExtensionHeader header : headers) {
            bits |= header.bit();
        }
        return bits;
    }

    private static int lengthOf(ExtensionHeader[] headers) {
        int bytes = 0;
        for (ExtensionHeader header : headers) {
            bytes += header.bytes();
        }
        return bytes;
    }

    private static Opcode[] byCode() {
        Opcode[] table = new Opcode[256];
        for (Opcode opcode : values()) {
            table[opcode.code] = opcode;
        }
        return table;
    }

    /** What a packet carries besides its headers, and who sends it. */
    private enum Carries {
        NOTHING, PAYLOAD, RESPONSE, RESPONSE_PAYLOAD
    }
}
