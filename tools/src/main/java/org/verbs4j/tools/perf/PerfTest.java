package org.verbs4j.tools.perf;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.SendOpsFlag;

/** The perftest programs {@code verbs4j perf} speaks for: verb and kind, as {@code ib_<verb>_<kind>}. */
enum PerfTest {

    /** {@code ib_send_bw}. */
    SEND_BW(Verb.SEND, false),
    /** {@code ib_write_bw}. */
    WRITE_BW(Verb.WRITE, false),
    /** {@code ib_read_bw}. */
    READ_BW(Verb.READ, false),
    /** {@code ib_atomic_bw}. */
    ATOMIC_BW(Verb.ATOMIC, false),
    /** {@code ib_send_lat}. */
    SEND_LAT(Verb.SEND, true),
    /** {@code ib_write_lat}. */
    WRITE_LAT(Verb.WRITE, true),
    /** {@code ib_read_lat}. */
    READ_LAT(Verb.READ, true);

    /** The operation a test measures, with perftest's name for it ({@code testsStr}). */
    enum Verb {
        /** SEND and RECV. */
        SEND("Send", EnumSet.of(AccessFlag.REMOTE_WRITE, AccessFlag.LOCAL_WRITE), SendOpsFlag.SEND),
        /** RDMA WRITE. */
        WRITE("RDMA_Write", EnumSet.of(AccessFlag.REMOTE_WRITE), SendOpsFlag.RDMA_WRITE),
        /** RDMA READ. */
        READ("RDMA_Read", EnumSet.of(AccessFlag.REMOTE_READ), SendOpsFlag.RDMA_READ),
        /** Fetch-and-add. */
        ATOMIC("Atomic", EnumSet.of(AccessFlag.REMOTE_ATOMIC), SendOpsFlag.ATOMIC_FETCH_AND_ADD);

        private final String title;
        private final Set<AccessFlag> qpAccess;
        private final SendOpsFlag op;

        Verb(String title, Set<AccessFlag> qpAccess, SendOpsFlag op) {
            this.title = title;
            this.qpAccess = qpAccess;
            this.op = op;
        }

        String title() {
            return title;
        }

        /** @return the queue pair's remote access at INIT ({@code ctx_modify_qp_to_init}) */
        Set<AccessFlag> qpAccess() {
            return qpAccess;
        }

        SendOpsFlag op() {
            return op;
        }

        /** @return whether the verb reads from the peer (RDMA READ and atomics): its header shows outstanding reads */
        boolean reads() {
            return this == READ || this == ATOMIC;
        }
    }

    private final Verb verb;
    private final boolean latency;

    PerfTest(Verb verb, boolean latency) {
        this.verb = verb;
        this.latency = latency;
    }

    /**
     * @param text send_bw, write_lat, ... in any case
     * @return the test
     */
    static PerfTest parse(String text) {
        try {
            return valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException("unknown test '" + text + "': choose send_bw, write_bw, read_bw,"
                    + " atomic_bw, send_lat, write_lat or read_lat", unknown);
        }
    }

    Verb verb() {
        return verb;
    }

    boolean isLatency() {
        return latency;
    }

    /** @return perftest's default message size: 2 for latency, 8 for atomics, 65536 for bandwidth */
    int defaultSize() {
        return verb == Verb.ATOMIC ? 8 : latency ? 2 : 65536;
    }

    /** @return perftest's default iterations: 1000 for latency, 5000 for bandwidth */
    int defaultIters() {
        return latency ? 1000 : 5000;
    }

    /** @return whether the verb needs the peer's buffer (RDMA and atomics) */
    boolean isRemoteAccess() {
        return verb != Verb.SEND;
    }

    /** @return the name of the C program, for messages */
    String tool() {
        return "ib_" + name().toLowerCase(Locale.ROOT);
    }
}
