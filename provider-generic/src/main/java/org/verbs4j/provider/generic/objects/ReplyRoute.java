package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.CompletionQueue;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.Args;

/**
 * The C {@code struct ibv_wc} and {@code struct ibv_grh} that {@code ibv_init_ah_from_wc} and
 * {@code ibv_create_ah_from_wc} read, in native memory: the {@code wc_flags}, source LID, service level and
 * destination LID path bits of the current completion of a queue (the only members they read), and a copy of the
 * caller's 40-byte header. rdma-core reads the header's first word even for a completion without
 * {@code IBV_WC_GRH}, so such a completion gets a zeroed header and the caller's is not touched.
 *
 * @param wc the {@code struct ibv_wc}
 * @param grh the {@code struct ibv_grh}
 */
record ReplyRoute(MemorySegment wc, MemorySegment grh) {

    /**
     * @param abi the layouts
     * @param call the arena of the call, which owns both structs
     * @param verb the verb to name in a failure
     * @param cq a queue inside a poll batch with a successful receive current
     * @param grh the caller's header; only read if the completion has {@code IBV_WC_GRH}
     * @return the structs
     * @throws InvalidArgumentException naming {@code verb} if no successful receive is current, the queue lacks
     *     a field, or the header is needed and is null, short or closed
     */
    static ReplyRoute of(Abi abi, Arena call, String verb, CompletionQueue cq, MemorySegment grh) {
        MemorySegment wc = call.allocate(abi.ibvWc);
        MemorySegment header = call.allocate(abi.ibvGrh);
        int wcFlags = readCompletion(abi, wc, verb, cq);
        if ((wcFlags & WcFlag.GRH.value()) != 0) {
            header.copyFrom(checkedHeader(verb, grh, header.byteSize()));
        }
        return new ReplyRoute(wc, header);
    }

    /** Writes the members rdma-core reads; @return the {@code wc_flags} */
    private static int readCompletion(Abi abi, MemorySegment wc, String verb, CompletionQueue cq) {
        Args.required(verb, cq, "the completion queue");
        try {
            requireReceive(verb, cq);
            int wcFlags = cq.readWcFlags();
            wc.set(JAVA_INT, Abi.offset(abi.ibvWc, "wc_flags"), wcFlags);
            wc.set(JAVA_SHORT, Abi.offset(abi.ibvWc, "slid"), (short) cq.readSlid());
            wc.set(JAVA_BYTE, Abi.offset(abi.ibvWc, "sl"), (byte) cq.readSl());
            wc.set(JAVA_BYTE, Abi.offset(abi.ibvWc, "dlid_path_bits"), (byte) cq.readDlidPathBits());
            return wcFlags;
        } catch (InvalidArgumentException e) {
            throw e.operation().equals(verb) ? e : new InvalidArgumentException(verb, "the completion: " + e.getMessage());
        }
    }

    private static void requireReceive(String verb, CompletionQueue cq) {
        WcStatus status = cq.status();
        if (status != WcStatus.SUCCESS) {
            throw new InvalidArgumentException(verb, "the current completion is not successful: " + status);
        }
        WcOpcode opcode = cq.readOpcode();
        if (!opcode.isReceive()) {
            throw new InvalidArgumentException(verb, "the current completion is not a receive: " + opcode);
        }
    }

    private static MemorySegment checkedHeader(String verb, MemorySegment grh, long size) {
        Args.required(verb, grh, "the GRH of a completion with IBV_WC_GRH");
        if (grh.byteSize() < size) {
            throw new InvalidArgumentException(verb, "the GRH has " + grh.byteSize() + " bytes, not " + size);
        }
        if (!grh.scope().isAlive()) {
            throw new InvalidArgumentException(verb, "the GRH's memory is closed");
        }
        return grh.asSlice(0, size);
    }
}
