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
     * Registers the whole address space of the process for on-demand paging (implicit ODP: C
     * {@code ibv_reg_mr(pd, NULL, SIZE_MAX, access | IBV_ACCESS_ON_DEMAND)}). Any memory of the process can then
     * be named by the region's local key, and the device faults its pages in when it reaches them.
     *
     * @param access the access of the region; {@link AccessFlag#ON_DEMAND} is implied
     * @return the memory region: {@link MemoryRegion#address()} 0, {@link MemoryRegion#length()} -1 (C
     *     {@code SIZE_MAX}) and {@link MemoryRegion#segment()} {@link MemorySegment#NULL}
     * @throws UnsupportedVerbException if the device does not support implicit on-demand paging (its
     *     {@link OdpCaps#generalCaps()} lack {@link OdpCapFlag#SUPPORT_IMPLICIT}), with EOPNOTSUPP
     * @throws InvalidArgumentException if the access flags are inconsistent
     */
    default MemoryRegion registerImplicitOnDemand(Set<AccessFlag> access) {
        throw new UnsupportedVerbException("ibv_reg_mr", "the provider does not implement implicit on-demand paging");
    }

    /**
     * Gives advice about address ranges of on-demand paging memory regions of this domain (C
     * {@code ibv_advise_mr}): for example pre-faults their pages, so that the first access of the device does not
     * wait for a page fault.
     *
     * @param advice what to do with the ranges
     * @param flags {@link AdviseMrFlag#FLUSH} to return only once the advice is carried out; without it the advice
     *     is a best-effort hint
     * @param ranges the ranges: each entry's address, length and the local key of an on-demand paging region of
     *     this domain holding it
     * @throws UnsupportedVerbException if the device does not support the advice (EOPNOTSUPP)
     * @throws InvalidArgumentException if the list is empty or an entry does not name an on-demand paging region
     *     of this domain (EINVAL)
     * @throws VerbsException with the errno {@code ibv_advise_mr} returns otherwise (for example EFAULT for a range
     *     that is not mapped)
     */
    default void adviseMemory(AdviseMrAdvice advice, Set<AdviseMrFlag> flags, ScatterGatherList ranges) {
        throw new UnsupportedVerbException("ibv_advise_mr", "the provider does not implement ibv_advise_mr");
    }

    /**
     * Registers part of a device memory buffer as a memory region (C {@code ibv_reg_dm_mr}). The region is zero
     * based: scatter/gather entries and remote addresses give byte offsets from its start.
     *
     * @param memory the device memory, of this domain's context
     * @param dmOffset the byte offset in the buffer where the region starts
     * @param length the length of the region in bytes
     * @param access the access of the region; it must contain {@link AccessFlag#ZERO_BASED}, as the man page
     *     requires
     * @return the memory region: {@link MemoryRegion#address()} 0 and {@link MemoryRegion#segment()}
     *     {@link MemorySegment#NULL}
     * @throws UnsupportedVerbException if the device has no device memory or refuses the access (EOPNOTSUPP)
     * @throws InvalidArgumentException if {@link AccessFlag#ZERO_BASED} is missing, the range does not lie inside
     *     the buffer, or the buffer is of another context
     */
    default MemoryRegion registerDeviceMemory(DeviceMemory memory, long dmOffset, long length,
            Set<AccessFlag> access) {
        throw new UnsupportedVerbException("ibv_reg_dm_mr", "the provider does not implement device memory");
    }

    /**
     * Registers memory of a dma-buf, shared by another device driver, as a memory region (C
     * {@code ibv_reg_dmabuf_mr}).
     *
     * @param offset the byte offset in the dma-buf where the region starts
     * @param length the length of the region in bytes
     * @param iova the address that scatter/gather entries and remote peers give for the region's first byte
     * @param fd the file descriptor of the dma-buf
     * @param access the access of the region
     * @return the memory region: {@link MemoryRegion#address()} {@code iova} and {@link MemoryRegion#segment()}
     *     {@link MemorySegment#NULL}
     * @throws UnsupportedVerbException if the device or its driver cannot register dma-bufs (EOPNOTSUPP)
     * @throws InvalidArgumentException if the access flags are inconsistent, or the kernel rejects the range or
     *     the descriptor (EINVAL, EBADF)
     */
    default MemoryRegion registerDmabuf(long offset, long length, long iova, int fd, Set<AccessFlag> access) {
        throw new UnsupportedVerbException("ibv_reg_dmabuf_mr", "the provider does not implement dma-buf regions");
    }

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
