package org.verbs4j.tck.remote;

/** The one-byte tags that open each value on the wire between the kit JVM and its peer. */
final class Tag {

    static final byte NULL = 0;
    static final byte BOOLEAN = 1;
    static final byte BYTE = 2;
    static final byte SHORT = 3;
    static final byte CHAR = 4;
    static final byte INT = 5;
    static final byte LONG = 6;
    static final byte FLOAT = 7;
    static final byte DOUBLE = 8;
    static final byte STRING = 9;
    static final byte ENUM = 10;
    static final byte ENUM_SET = 11;
    static final byte SET = 12;
    static final byte LIST = 13;
    static final byte MAP = 14;
    static final byte OPTIONAL = 15;
    static final byte ARRAY = 16;
    static final byte DURATION = 17;
    static final byte RECORD = 18;
    static final byte CLASS = 19;
    static final byte INET_ADDRESS = 20;
    static final byte INET_SOCKET_ADDRESS = 21;
    static final byte CAPABILITIES = 22;
    static final byte ASYNC_EVENT = 23;
    /** An object that lives in the peer, by handle. */
    static final byte PEER_OBJECT = 24;
    /** An opaque object of the kit JVM (a user context), by token. */
    static final byte KIT_OBJECT = 25;
    /** A segment in a shared-memory file. */
    static final byte SHARED_SEGMENT = 26;
    /** A call object met for the first time: its kind, shape, state and links. */
    static final byte CALL_OBJECT = 27;
    /** A call object met before in the same message, by index. */
    static final byte CALL_OBJECT_AGAIN = 28;

    private Tag() {
    }
}
