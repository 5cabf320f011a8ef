package org.verbs4j.provider.soft;

import java.util.concurrent.ThreadLocalRandom;
import org.verbs4j.AhAttributes;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttributes;
import org.verbs4j.cm.ConnParam;

/**
 * What the two sides of a connection told each other: this side's parameters, the remote side's as sent,
 * the starting PSNs, and which side is active. It derives the RTR and RTS attributes of the QP from them, as
 * the IB CM does from the REQ and REP. Used under the connection manager's lock.
 */
final class CmTerms {

    /** This side's starting packet sequence number, sent in the REQ or REP. */
    final int localPsn = ThreadLocalRandom.current().nextInt(1 << 24);
    /** This side's parameters, once it connected or accepted. */
    ConnParam mine;
    /** The remote side's parameters as it sent them, once its request or response arrived. */
    ConnParam theirs;
    /** The remote side's starting packet sequence number. */
    int remotePsn;
    /** Whether this side sent the request. */
    boolean active;
    /** The path MTU: the largest inside the JVM, the REQ's over the network. */
    Mtu pathMtu = Mtu.MTU_4096;

    /** @return the RDMA reads and atomics this side takes: its own choice, or what the request asks */
    int responderResources() {
        if (mine != null) {
            return mine.responderResources();
        }
        return theirs == null ? 1 : Math.min(theirs.initiatorDepth(), DeviceProfile.MAX_RD_ATOMIC);
    }

    /** @return the RDMA reads and atomics this side issues: its own choice, or what the request offers */
    int initiatorDepth() {
        if (mine != null) {
            return mine.initiatorDepth();
        }
        return Math.min(theirs.responderResources(), DeviceProfile.MAX_RD_ATOMIC);
    }

    /** @return whether the IB CM exchange began: a request sent or received (the kernel's CM id exists) */
    boolean exchanging() {
        return active || theirs != null;
    }

    /**
     * Over the network the PSNs swap roles, as Linux's CM uses the REQ's and REP's starting PSN: the sender's
     * receive queue expects it first, and the peer's send queue starts there.
     */
    boolean psnExpectedBySender;

    QpAttributes readyToReceive(AhAttributes path) {
        int expected = psnExpectedBySender ? localPsn : remotePsn;
        return CmQpAttributes.readyToReceive(path, pathMtu, theirs.qpNum(), expected, responderResources());
    }

    /** The active side retries as it asked; the passive side as the request asked (retry_count of the REQ). */
    QpAttributes readyToSend() {
        int retry = active ? mine.retryCount() : theirs.retryCount();
        int first = psnExpectedBySender ? remotePsn : localPsn;
        return CmQpAttributes.readyToSend(first, retry, theirs.rnrRetryCount(), initiatorDepth());
    }
}
