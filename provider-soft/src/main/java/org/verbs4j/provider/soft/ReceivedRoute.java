package org.verbs4j.provider.soft;

import org.verbs4j.CompletionQueue;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * What {@code ibv_init_ah_from_wc} reads of a work completion: its {@code wc_flags}, source LID, service level
 * and destination LID path bits, copied from the current completion of a successful receive.
 *
 * @param wcFlags the {@link WcFlag} bits
 * @param slid the source LID
 * @param sl the service level
 * @param dlidPathBits the destination LID path bits
 */
record ReceivedRoute(int wcFlags, int slid, int sl, int dlidPathBits) {

    /**
     * @param verb the verb to name in a failure
     * @param cq a queue inside a poll batch
     * @return the route of its current completion
     * @throws InvalidArgumentException naming {@code verb} if no successful receive is current or the queue
     *     lacks a field
     */
    static ReceivedRoute of(String verb, CompletionQueue cq) {
        Failures.required(verb, cq, "the completion queue");
        try {
            requireReceive(verb, cq);
            return new ReceivedRoute(cq.readWcFlags(), cq.readSlid(), cq.readSl(), cq.readDlidPathBits());
        } catch (InvalidArgumentException e) {
            throw e.operation().equals(verb) ? e : Failures.invalid(verb, "the completion: " + e.getMessage());
        }
    }

    private static void requireReceive(String verb, CompletionQueue cq) {
        WcStatus status = cq.status();
        if (status != WcStatus.SUCCESS) {
            throw Failures.invalid(verb, "the current completion is not successful: " + status);
        }
        WcOpcode opcode = cq.readOpcode();
        if (!opcode.isReceive()) {
            throw Failures.invalid(verb, "the current completion is not a receive: " + opcode);
        }
    }

    /** @return whether a global route header is in front of the message */
    boolean hasGrh() {
        return (wcFlags & WcFlag.GRH.value()) != 0;
    }
}
