package org.verbs4j.provider.soft.wire.roce.rc;

import org.verbs4j.provider.soft.wire.roce.Opcode;

/** The kind of request a packet belongs to, as a responder sorts them. */
enum RequestKind {
    SEND, WRITE, READ, ATOMIC;

    static RequestKind of(Opcode opcode) {
        return switch (opcode.code() & 0x1F) {
            case 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x16, 0x17 -> SEND;
            case 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B -> WRITE;
            case 0x0C -> READ;
            default -> ATOMIC;
        };
    }

    /** @return whether an atomic opcode is a compare and swap (a fetch and add otherwise) */
    static boolean comparesAndSwaps(Opcode opcode) {
        return (opcode.code() & 0x1F) == 0x13;
    }

    /** @return the remote access right it needs, or null for a SEND */
    RemoteAccess access() {
        return switch (this) {
            case SEND -> null;
            case WRITE -> RemoteAccess.WRITE;
            case READ -> RemoteAccess.READ;
            case ATOMIC -> RemoteAccess.ATOMIC;
        };
    }
}
