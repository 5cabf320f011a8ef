package org.verbs4j;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;

/**
 * An open device (C {@code struct ibv_context}): queries the device and its ports, creates
 * the verbs objects, and receives the device's asynchronous events.
 *
 * <p>Closing the context (C {@code ibv_close_device}) fails with {@link BusyException} while
 * objects created from it are alive. To close a context with everything created under it, children
 * first, add each object to a {@link VerbsScope} as it is created and close the scope.
 */
public interface Context extends VerbsObject {

    /** @return the device this context was opened on */
    Device device();

    /** @return the device attributes, including the extended ones (C {@code ibv_query_device_ex}) */
    DeviceAttributes queryDevice();

    /**
     * @param portNum the port number, from 1 to {@link DeviceAttributes#physPortCount()}
     * @return the port attributes (C {@code ibv_query_port})
     * @throws InvalidArgumentException if there is no such port
     */
    PortAttributes queryPort(int portNum);

    /**
     * @param portNum the port number
     * @return the valid entries of the port's GID table (C {@code ibv_query_gid_table})
     */
    List<GidEntry> queryGidTable(int portNum);

    /**
     * @param portNum the port number
     * @param index the GID index, below {@link PortAttributes#gidTblLen()}
     * @return the GID at that index (C {@code ibv_query_gid})
     */
    Gid queryGid(int portNum, int index);

    /**
     * Computes the address vector of a reply to the sender of a received UD message (C
     * {@code ibv_init_ah_from_wc}), from the current completion of {@code cq} and the global route header that
     * the device placed in the first 40 bytes of the receive buffer. The result's {@code dlid} is the
     * completion's source LID, its {@code sl} the completion's service level, its {@code srcPathBits} the
     * completion's destination LID path bits and its {@code portNum} {@code portNum}. If the completion carries
     * {@link WcFlag#GRH}, the result is global: its destination GID is the header's source (an IPv4 source
     * address of RoCE v2 as its IPv4-mapped GID), its source GID index the index of the port's GID, of the type
     * the header implies, that the header was sent to, and its hop limit, traffic class and flow label are the
     * header's. Without {@link WcFlag#GRH} the result has no global route and {@code grh} is not read.
     *
     * @param portNum the local port the message arrived on
     * @param cq a queue inside a poll batch whose current completion is a successful receive; it must have
     *     been created with {@link CompletionField#SLID}, {@link CompletionField#SL} and
     *     {@link CompletionField#DLID_PATH_BITS}
     * @param grh the first 40 bytes of the receive buffer ({@code struct ibv_grh}); may be {@code null} when
     *     the completion has no {@link WcFlag#GRH}
     * @return the address vector, for {@link ProtectionDomain#createAddressHandle}
     * @throws InvalidArgumentException if no successful receive completion is current, the queue lacks one of
     *     the fields, the header is needed and is {@code null}, shorter than 40 bytes or not readable, or the
     *     header's destination is a multicast address (C {@code EINVAL})
     * @throws VerbsException if the header is neither IPv6 nor IPv4 ({@code EPROTONOSUPPORT}) or no GID of the
     *     port matches its destination
     */
    AhAttributes initAhFromCompletion(int portNum, CompletionQueue cq, MemorySegment grh);

    /** @return the number of completion vectors (C {@code ibv_context.num_comp_vectors}) */
    int numCompVectors();

    /** @return what this device supports, so that "unsupported" can be told apart from "broken" */
    Capabilities capabilities();

    /**
     * @return the device attributes that the vendor's direct verbs report on top of {@link #queryDevice()}
     *     (for example {@code efadv_query_device} on EFA), in the vendor struct's order; empty when the
     *     device has no vendor provider
     */
    default List<VendorAttribute> vendorAttributes() {
        return List.of();
    }

    /** @return a new protection domain (C {@code ibv_alloc_pd}) */
    ProtectionDomain allocateProtectionDomain();

    /**
     * Allocates a parent domain (C {@code ibv_alloc_parent_domain} with no thread domain and no custom
     * allocators). The objects created with it act on {@code protectionDomain}, which stays busy until the
     * parent domain is closed (C {@code ibv_dealloc_pd}).
     *
     * @param protectionDomain the protection domain the parent domain belongs to
     * @return a new parent domain ({@link ProtectionDomain#isParentDomain()}), usable as
     *     {@link CqInitAttributes#parentDomain()} and wherever a protection domain is expected
     * @throws UnsupportedVerbException if the device has no {@link Capability#PARENT_DOMAIN}
     * @throws InvalidArgumentException if {@code protectionDomain} is a parent domain or from another context
     */
    ProtectionDomain allocateParentDomain(ProtectionDomain protectionDomain);

    /**
     * Allocates a buffer in the memory of the device (C {@code ibv_alloc_dm}). The device's
     * {@link DeviceAttributes#maxDmSize()} bounds the memory it can allocate.
     *
     * @param attributes the length and the alignment of the buffer
     * @return the device memory, with nothing defined in it until {@link DeviceMemory#copyTo} writes it
     * @throws UnsupportedVerbException if the device has no device memory (EOPNOTSUPP)
     * @throws InvalidArgumentException if the length is not positive or exceeds what the device allows
     * @throws OutOfResourcesException if the device has no free device memory left (ENOMEM)
     */
    default DeviceMemory allocateDeviceMemory(DmAttributes attributes) {
        throw new UnsupportedVerbException("ibv_alloc_dm", "the provider of " + device().name()
                + " does not implement device memory");
    }

    /**
     * @return a new XRC domain (C {@code ibv_open_xrcd})
     * @throws UnsupportedVerbException if the device has no {@link Capability#XRC}
     */
    XrcDomain openXrcDomain();

    /** @return a new completion channel (C {@code ibv_create_comp_channel}) */
    CompletionChannel createCompletionChannel();

    /**
     * Creates an extended completion queue (C {@code ibv_create_cq_ex}; the EFA-style
     * {@link CqInitAttributes#extraFields()} are C {@code efadv_create_cq}'s, which a provider that has
     * them offers; one that does not refuses them as unsupported).
     *
     * @param attributes the requested attributes
     * @return the new queue; its {@link CompletionQueue#cqe()} is at least the requested size
     * @throws InvalidArgumentException if {@code cqe} exceeds {@link DeviceLimits#maxCqe()} or
     *     {@code compVector} is not below {@link #numCompVectors()}
     * @throws UnsupportedVerbException if a requested completion field or flag is not supported
     */
    CompletionQueue createCompletionQueue(CqInitAttributes attributes);

    /**
     * Creates a completion queue with no channel, vector 0 and the {@link CompletionField#STANDARD}
     * fields (C {@code ibv_create_cq_ex} with {@code wc_flags = IBV_WC_STANDARD_FLAGS}).
     *
     * @param cqe the minimum number of entries
     * @return the completion queue
     * @throws VerbsException as {@link #createCompletionQueue(CqInitAttributes)} does
     */
    default CompletionQueue createCompletionQueue(int cqe) {
        return createCompletionQueue(CqInitAttributes.builder(cqe).build());
    }

    /**
     * Creates an extended queue pair (C {@code ibv_create_qp_ex}).
     *
     * @param attributes the requested attributes
     * @return the new queue pair, in state {@link QpState#RESET}; its {@link QueuePair#capabilities()}
     *     are at least the requested ones
     * @throws UnsupportedVerbException if the type, a create flag, a send operation, the source QPN or
     *     the RX hash configuration is not supported
     */
    QueuePair createQueuePair(QpInitAttributes attributes);

    /**
     * Creates an extended shared receive queue (C {@code ibv_create_srq_ex}).
     *
     * @param attributes the requested attributes
     * @return the new shared receive queue
     * @throws UnsupportedVerbException if the type (for example {@link SrqType#TM}) is not supported
     */
    SharedReceiveQueue createSharedReceiveQueue(SrqInitAttributes attributes);

    /**
     * Creates a work queue (C {@code ibv_create_wq}), in state {@link WqState#RESET}.
     *
     * @param attributes the requested attributes
     * @return the new work queue
     * @throws UnsupportedVerbException if the device has no {@link Capability#RX_HASH} (no work queues)
     * @throws InvalidArgumentException if the protection domain or completion queue is not from this context
     */
    WorkQueue createWorkQueue(WqInitAttributes attributes);

    /**
     * Creates a receive work queue indirection table (C {@code ibv_create_rwq_ind_table}) whose
     * {@code log_ind_tbl_size} is the base-2 logarithm of the number of work queues.
     *
     * <p>The checks, all made before any native call (a closed context is refused with
     * {@link ClosedObjectException} before them, as every verb of a closed object is):
     * <ol>
     *   <li>first, before any capability check, the size, by the rule of {@link RwqIndirectionTable#logSize}:
     *       a list that is empty or whose size is not a power of two is refused with
     *       {@link InvalidArgumentException} on every device, with or without {@link Capability#RX_HASH};</li>
     *   <li>then, in the order the provider chooses, the capability and the entries: a device without
     *       {@link Capability#RX_HASH} refuses the table with {@link UnsupportedVerbException}, and may do so
     *       without looking at the entries, since it has no work queues of its own; a {@code null} entry, or a
     *       work queue that is not from this context, is refused with {@link InvalidArgumentException}, a
     *       closed work queue with {@link ClosedObjectException}.</li>
     * </ol>
     *
     * @param workQueues the work queues, in table order; their number must be a power of two; a queue may
     *     appear more than once
     * @return the new table, which keeps the work queues busy
     * @throws NullPointerException if {@code workQueues} is {@code null}
     * @throws InvalidArgumentException if the list is empty or its size is not a power of two (checked
     *     first), or an entry is {@code null} or a work queue that is not from this context
     * @throws UnsupportedVerbException if the device has no {@link Capability#RX_HASH}
     * @throws ClosedObjectException if a work queue (or this context) is closed
     */
    RwqIndirectionTable createIndirectionTable(List<WorkQueue> workQueues);

    /**
     * Waits for the next asynchronous event (C {@code ibv_get_async_event}). An interrupted thread stops
     * waiting with a {@link VerbsException} of errno {@code EINTR} and keeps its interrupt status.
     *
     * @return the event, which must be acknowledged with {@link #ackAsyncEvent}
     */
    AsyncEvent getAsyncEvent();

    /**
     * Waits at most {@code timeout} for the next asynchronous event. An interrupted thread stops waiting with
     * a {@link VerbsException} of errno {@code EINTR} and keeps its interrupt status.
     *
     * @param timeout how long to wait
     * @return the event, or {@code null} if none arrived in time
     */
    AsyncEvent getAsyncEvent(Duration timeout);

    /**
     * Acknowledges an asynchronous event (C {@code ibv_ack_async_event}). Destroying the object an
     * event is about waits until its events are acknowledged.
     *
     * @param event an event returned by {@link #getAsyncEvent}, acknowledged exactly once
     * @throws InvalidArgumentException if the event was already acknowledged or is not from this context
     */
    void ackAsyncEvent(AsyncEvent event);
}
