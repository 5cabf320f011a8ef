package org.verbs4j.provider.soft.wire.roce.rc;

import org.verbs4j.provider.soft.wire.roce.Opcode;

/** The kind of request a packet belongs to, as a responder sorts them. */
enum RequestKind {
    SEND, WRITE, READ, ATOMIC, FLUSH, ATOMIC_WRITE;

    static RequestKind of(Opcode opcode) {
        return switch (opcode.code() & 0x1F) {
            case 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x16, 0x17 -> SEND;
            case 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B -> WRITE;
            case 0x0C -> READ;
            case 0x1C -> FLUSH;
            case 0x1D -> ATOMIC_WRITE;
            default -> ATOMIC;
        };
    }

    /** @return whether an atomic opcode is a compare and swap (a fetch and add otherwise) */
    static boolean comparesAndSwaps(Opcode opcode) {
        return (opcode.code() & 0x1F) == 0x13;
    }

    /** @return the remote access right it needs, or null for a SEND and a FLUSH (whose type names its right) */
    RemoteAccess access() {
        return switch (this) {
            case SEND, FLUSH -> null;
            case WRITE, ATOMIC_WRITE -> RemoteAccess.WRITE;
            case READ -> RemoteAccess.READ;
            case ATOMIC -> RemoteAccess.ATOMIC;
        };
    }

    /** @return whether it takes a responder resource, which answers its duplicates (READ, atomics, FLUSH) */
    boolean takesResource() {
        return this != SEND && this != WRITE;
    }

    /** @return whether the responder refuses it without responder resources (max_dest_rd_atomic 0), as rxe */
    boolean needsResources() {
        return takesResource() && this != FLUSH;
    }
}
