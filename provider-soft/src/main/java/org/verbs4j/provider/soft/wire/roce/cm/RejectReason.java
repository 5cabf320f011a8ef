package org.verbs4j.provider.soft.wire.roce.cm;

/** Reasons of a REJ (IBTA table 109) that this package sends or tells apart; others arrive as their code. */
public enum RejectReason {
    /** No QP available. */
    NO_QP(1),
    /** No resources. */
    NO_RESOURCES(3),
    /** The sender's CM gave up waiting for an answer. */
    TIMEOUT(4),
    /** The request is not supported. */
    UNSUPPORTED_REQUEST(5),
    /** The receiver's communication ID names no connection. */
    INVALID_COMM_ID(6),
    /** No listener has the service ID. */
    INVALID_SERVICE_ID(8),
    /** A connection of these IDs existed and is stale. */
    STALE_CONNECTION(10),
    /** The consumer rejected, with private data. */
    CONSUMER_DEFINED(28);

    private final int code;

    RejectReason(int code) {
        this.code = code;
    }

    /** @return the code on the wire */
    public int code() {
        return code;
    }
}
