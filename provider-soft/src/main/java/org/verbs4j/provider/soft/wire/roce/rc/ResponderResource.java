package org.verbs4j.provider.soft.wire.roce.rc;

/**
 * What a responder remembers of an RDMA READ, an atomic, a FLUSH or an ATOMIC WRITE it executed (a responder
 * resource), so that it answers a duplicate again: the READ's PSNs and memory, the atomic's PSN and the value it
 * returned, or the PSN of a FLUSH or ATOMIC WRITE, whose duplicate is acknowledged, not executed, again.
 */
final class ResponderResource {

    boolean valid;
    RequestKind kind;
    int firstPsn;
    int lastPsn;
    long address;
    int rKey;
    long length;
    long original;

    void read(int psn, int packets, long readAddress, int key, long bytes) {
        valid = true;
        kind = RequestKind.READ;
        firstPsn = psn;
        lastPsn = Psn.add(psn, packets - 1);
        address = readAddress;
        rKey = key;
        length = bytes;
    }

    void atomic(int psn, long value) {
        answered(psn, RequestKind.ATOMIC);
        original = value;
    }

    /** Remembers a one-packet request of {@code requestKind} at {@code psn}. */
    void answered(int psn, RequestKind requestKind) {
        valid = true;
        kind = requestKind;
        firstPsn = psn;
        lastPsn = psn;
    }

    boolean covers(int psn) {
        return valid && Psn.diff(psn, firstPsn) >= 0 && Psn.diff(psn, lastPsn) <= 0;
    }
}
