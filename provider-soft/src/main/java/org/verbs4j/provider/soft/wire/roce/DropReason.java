package org.verbs4j.provider.soft.wire.roce;

/** Why a received datagram was dropped instead of handed on. */
public enum DropReason {
    /** Shorter than a BTH and an ICRC. */
    TOO_SHORT,
    /** An opcode this layer does not know (RD, CNP, XRC, reserved, vendor-defined). */
    UNKNOWN_OPCODE,
    /** A BTH TVer other than 0. */
    BAD_TRANSPORT_VERSION,
    /** Shorter than its opcode's headers, pad and ICRC. */
    TRUNCATED,
    /** An ICRC that does not match the content. */
    BAD_ICRC,
    /** The sender's address is of the other IP family than the endpoint's. */
    WRONG_FAMILY,
    /** The handler threw: the packet is lost, the endpoint goes on. */
    HANDLER_FAILED
}
