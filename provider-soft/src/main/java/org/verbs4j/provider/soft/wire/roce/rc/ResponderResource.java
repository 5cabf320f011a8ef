package org.verbs4j.provider.soft.wire.roce.rc;

/**
 * What a responder remembers of an RDMA READ or an atomic it executed (a responder resource), so that it
 * answers a duplicate again: the READ's PSNs and memory, or the atomic's PSN and the value it returned.
 */
final class ResponderResource {

    boolean valid;
    boolean atomic;
    int firstPsn;
    int lastPsn;
    long address;
    int rKey;
    long length;
    long original;

    void read(int psn, int packets, long readAddress, int key, long bytes) {
        valid = true;
        atomic = false;
        firstPsn = psn;
        lastPsn = Psn.add(psn, packets - 1);
        address = readAddress;
        rKey = key;
        length = bytes;
    }

    void atomic(int psn, long value) {
        valid = true;
        atomic = true;
        firstPsn = psn;
        lastPsn = psn;
        original = value;
    }

    boolean covers(int psn) {
        return valid && Psn.diff(psn, firstPsn) >= 0 && Psn.diff(psn, lastPsn) <= 0;
    }
}
