package org.verbs4j;

import java.lang.foreign.MemorySegment;
import java.util.Set;

/**
 * A protection domain (C {@code struct ibv_pd}): memory regions, memory windows, address handles,
 * queue pairs and shared receive queues of one domain may be used together, and never with the
 * objects of another domain.
 *
 * <p>Closing it (C {@code ibv_dealloc_pd}) fails with {@link BusyException} while objects of the
 * domain are alive.
 */
public interface ProtectionDomain extends VerbsObject {

    /** @return the context the domain belongs to */
    Context context();

    /** @return whether this is a parent domain ({@link Context#allocateParentDomain}) */
    boolean isParentDomain();

    /**
     * Registers memory for RDMA (C {@code ibv_reg_mr}).
     *
     * @param segment the memory; it must stay alive until the region is closed. A device reaches it from
     *     threads of its own choosing, so a provider may refuse memory of a confined arena (the soft provider
     *     does)
     * @param access what the local device and remote peers may do with it; {@link AccessFlag#REMOTE_WRITE}
     *     and {@link AccessFlag#REMOTE_ATOMIC} need {@link AccessFlag#LOCAL_WRITE}
     * @return the memory region
     * @throws InvalidArgumentException if the access flags are inconsistent or the segment is not usable
     */
    MemoryRegion registerMemory(MemorySegment segment, Set<AccessFlag> access);

    /**
     * @param type the window type
     * @return a new memory window (C {@code ibv_alloc_mw})
     * @throws UnsupportedVerbException if the device does not support windows of that type
     */
    MemoryWindow allocateMemoryWindow(MwType type);

    /**
     * @param attributes the address vector
     * @return a new address handle for UD sends (C {@code ibv_create_ah})
     */
    AddressHandle createAddressHandle(AhAttributes attributes);

    /**
     * Creates an address handle for a reply to the sender of a received UD message (C
     * {@code ibv_create_ah_from_wc}): the address vector of {@link Context#initAhFromCompletion} for this
     * domain's context, which {@link AddressHandle#attributes()} returns, made into a handle as
     * {@link #createAddressHandle} does. With the sender's QP number ({@link CompletionQueue#readSrcQp()}) and
     * Q_Key it is the reply path of a UD server.
     *
     * @param cq a queue inside a poll batch whose current completion is a successful receive, created with
     *     {@link CompletionField#SLID}, {@link CompletionField#SL} and {@link CompletionField#DLID_PATH_BITS}
     * @param grh the first 40 bytes of the receive buffer ({@code struct ibv_grh}); may be {@code null} when
     *     the completion has no {@link WcFlag#GRH}
     * @param portNum the local port the message arrived on
     * @return the address handle
     * @throws InvalidArgumentException for the reasons of {@link Context#initAhFromCompletion}, or if the
     *     address vector is not valid for {@link #createAddressHandle}
     * @throws VerbsException for the other reasons of {@link Context#initAhFromCompletion}
     */
    AddressHandle createAddressHandleFromCompletion(CompletionQueue cq, MemorySegment grh, int portNum);
}
