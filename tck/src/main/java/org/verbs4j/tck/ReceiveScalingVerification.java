package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.RwqIndirectionTable;
import org.verbs4j.RxHashConf;
import org.verbs4j.RxHashField;
import org.verbs4j.RxHashFunction;
import org.verbs4j.WorkQueue;
import org.verbs4j.WqAttributes;
import org.verbs4j.WqInitAttributes;
import org.verbs4j.WqState;
import org.verbs4j.WqType;

/**
 * Receive-side scaling: the objects rdma-core's {@code test_rss_traffic.py} sets up, receive work queues
 * ({@code ibv_create_wq}) moved to RDY, an indirection table of them ({@code ibv_create_rwq_ind_table}) and
 * a RAW_PACKET queue pair with an RX hash configuration over it, and receives posted to the work queues
 * ({@code ibv_post_wq_recv}); no packets are sent, so no traffic is checked. Also the size rule and the
 * misuse of tables and work queues. Gated on {@link Capability#RX_HASH} through {@code ibv_create_wq},
 * except the size rule, which every provider checks first.
 */
@TckArea("RSS")
public abstract class ReceiveScalingVerification extends AreaVerification {

    private static final int WORK_QUEUES = 4;
    private static final int TOEPLITZ_KEY_LENGTH = 40;
    private static final int BUFFER = 256;

    /** Creates the area. */
    protected ReceiveScalingVerification() {
    }

    private WorkQueue workQueue(ProtectionDomain pd, CompletionQueue cq) {
        return track(context().createWorkQueue(WqInitAttributes.rq(16, 1, pd, cq)));
    }

    /**
     * The capability gate of the area: the first work queue of a test, created once if the device supports
     * {@link Capability#RX_HASH}; otherwise {@code ibv_create_wq} must be refused and the test is aborted as
     * unsupported.
     */
    private WorkQueue firstWorkQueue(ProtectionDomain pd, CompletionQueue cq) {
        return requireAndCreate(Capability.RX_HASH, "ibv_create_wq",
                () -> context().createWorkQueue(WqInitAttributes.rq(16, 1, pd, cq)));
    }

    private static RxHashConf toeplitz() {
        return new RxHashConf(RxHashFunction.TOEPLITZ, new byte[TOEPLITZ_KEY_LENGTH], EnumSet.of(
                RxHashField.SRC_IPV4, RxHashField.DST_IPV4, RxHashField.SRC_PORT_TCP, RxHashField.DST_PORT_TCP));
    }

    @Test
    @DisplayName("ibv_create_wq(3), ibv_create_rwq_ind_table(3), ibv_create_qp_ex(3) RX hash: the objects "
            + "test_rss_traffic sets up, with no traffic: work queues created in RESET and moved to RDY, with "
            + "distinct wq_num, an indirection table of them, a RAW_PACKET RSS QP over it; each work queue takes "
            + "a receive (ibv_post_wq_recv)")
    void rssObjectsAreCreatedAndWorkQueuesTakeReceives() {
        ProtectionDomain pd = protectionDomain();
        CompletionQueue cq = completionQueue(64);
        List<WorkQueue> wqs = new ArrayList<>();
        for (int i = 0; i < WORK_QUEUES; i++) {
            WorkQueue wq = i == 0 ? firstWorkQueue(pd, cq) : workQueue(pd, cq);
            assertAll(() -> assertEquals(WqState.RESET, wq.state(), "state after ibv_create_wq"),
                    () -> assertEquals(WqType.RQ, wq.type(), "wq_type"),
                    () -> assertSame(context(), wq.context(), "context"));
            wq.modify(WqAttributes.state(WqState.RDY));
            assertEquals(WqState.RDY, wq.state(), "state after ibv_modify_wq(RDY)");
            wqs.add(wq);
        }
        assertEquals(WORK_QUEUES, new HashSet<>(wqs.stream().map(WorkQueue::number).toList()).size(),
                "distinct wq_num");
        RwqIndirectionTable table = track(context().createIndirectionTable(wqs));
        QpInitAttributes attributes = QpInitAttributes.rss(pd, table, toeplitz()).build();
        loopback().requireType(attributes);
        QueuePair qp = queuePair(attributes);
        assertEquals(QpType.RAW_PACKET, qp.type(), "qp_type");
        MemoryRegion mr = openMemoryRegion(pd, BUFFER * WORK_QUEUES);
        for (int i = 0; i < WORK_QUEUES; i++) {
            wqs.get(i).postReceive(WorkRequests.receiveRequest(i, mr, (long) i * BUFFER, BUFFER));
        }
    }

    /**
     * Not gated: {@link org.verbs4j.Context#createIndirectionTable} checks the size first, before any
     * capability check, so a device without {@link Capability#RX_HASH} refuses these lists as invalid, not as
     * unsupported.
     */
    @Test
    @DisplayName("ibv_create_rwq_ind_table(3) log_ind_tbl_size: a number of work queues that is not a power of "
            + "two (none, three) is refused (EINVAL) first, before any capability check or native call, so on "
            + "every device")
    void tableSizeMustBeAPowerOfTwo() {
        assertAll(() -> assertThrows(InvalidArgumentException.class,
                        () -> context().createIndirectionTable(List.of()), "no work queues"),
                () -> assertThrows(InvalidArgumentException.class,
                        () -> context().createIndirectionTable(Arrays.asList(null, null, null)), "three entries"));
    }

    @Test
    @DisplayName("ibv_create_rwq_ind_table(3) log_ind_tbl_size: the size is checked before the entries: three "
            + "closed work queues are refused for their number (EINVAL), two as closed; a null entry is invalid")
    void tableSizeIsCheckedBeforeTheEntries() {
        ProtectionDomain pd = protectionDomain();
        CompletionQueue cq = completionQueue(16);
        WorkQueue closed = firstWorkQueue(pd, cq);
        closed.close();
        assertAll(() -> assertThrows(InvalidArgumentException.class,
                        () -> context().createIndirectionTable(List.of(closed, closed, closed)),
                        "three closed work queues"),
                () -> assertThrows(ClosedObjectException.class,
                        () -> context().createIndirectionTable(List.of(closed, closed)), "two closed work queues"),
                () -> assertThrows(InvalidArgumentException.class,
                        () -> context().createIndirectionTable(Arrays.asList((WorkQueue) null)), "a null entry"));
    }

    @Test
    @DisplayName("ibv_destroy_wq(3): a work queue of an indirection table is busy (EBUSY) until the table is "
            + "destroyed; a destroyed work queue is closed")
    void workQueueOfATableIsBusyThenClosed() {
        ProtectionDomain pd = protectionDomain();
        CompletionQueue cq = completionQueue(16);
        WorkQueue wq = firstWorkQueue(pd, cq);
        RwqIndirectionTable table = track(context().createIndirectionTable(List.of(wq)));
        assertThrows(BusyException.class, wq::close, "the table uses it");
        table.close();
        wq.close();
        MemoryRegion mr = openMemoryRegion(pd, BUFFER);
        assertAll(() -> assertThrows(ClosedObjectException.class, () -> wq.modify(WqAttributes.state(WqState.RDY)),
                        "ibv_modify_wq after close"),
                () -> assertThrows(ClosedObjectException.class,
                        () -> wq.postReceive(WorkRequests.receiveRequest(1, mr, 0, BUFFER)),
                        "ibv_post_wq_recv after close"),
                () -> assertThrows(ClosedObjectException.class, wq::close, "a second ibv_destroy_wq"),
                () -> assertThrows(ClosedObjectException.class, table::close, "a second ibv_destroy_rwq_ind_table"));
    }

    @Test
    @DisplayName("ibv_create_rwq_ind_table(3): a closed work queue is refused; an RSS QP keeps its table busy")
    void tableAndRssQueuePairLifetimes() {
        ProtectionDomain pd = protectionDomain();
        CompletionQueue cq = completionQueue(16);
        WorkQueue closed = firstWorkQueue(pd, cq);
        closed.close();
        assertThrows(ClosedObjectException.class, () -> context().createIndirectionTable(List.of(closed)),
                "a closed work queue");
        WorkQueue wq = workQueue(pd, cq);
        wq.modify(WqAttributes.state(WqState.RDY));
        RwqIndirectionTable table = track(context().createIndirectionTable(List.of(wq)));
        QpInitAttributes attributes = QpInitAttributes.rss(pd, table, toeplitz()).build();
        loopback().requireType(attributes);
        QueuePair qp = queuePair(attributes);
        assertThrows(BusyException.class, table::close, "the RSS QP uses it");
        qp.close();
        table.close();
    }
}
