package org.verbs4j.provider.generic.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceCapFlag;
import org.verbs4j.GidEntry;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwType;
import org.verbs4j.PortState;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqOpcode;
import org.verbs4j.SrqOperation;
import org.verbs4j.TmCapFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsObject;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The generic provider on a real RDMA device (in CI: rxe0 in the rxe VM, see vm/README.md). Without a
 * device every test is aborted with the provider's "no RDMA device" reason.
 */
class RealDeviceTest extends OpenDeviceTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final Set<CompletionField> FIELDS =
            EnumSet.of(CompletionField.BYTE_LEN, CompletionField.IMM, CompletionField.QP_NUM);

    @Test
    void queriesTheDeviceItsPortAndGids() {
        DeviceAttributes attributes = context.queryDevice();
        assertThat(attributes.physPortCount()).isPositive();
        assertThat(attributes.limits().maxCqe()).isPositive();
        assertThat(context.queryPort(1).state()).isEqualTo(PortState.ACTIVE);
        List<GidEntry> table = context.queryGidTable(1);
        assertThat(table).isNotEmpty();
        GidEntry first = table.getFirst();
        assertThat(context.queryGid(1, first.index())).isEqualTo(first.gid());
        assertThat(context.numCompVectors()).isPositive();
        assertThatThrownBy(() -> context.queryPort(attributes.physPortCount() + 1))
                .isInstanceOf(InvalidArgumentException.class);
    }

    @Test
    void reportsCapabilitiesFromTheDevice() {
        DeviceAttributes attributes = context.queryDevice();
        assertThat(context.capabilities().supports(Capability.TAG_MATCHING))
                .isEqualTo(attributes.tmCaps().flags().contains(TmCapFlag.RC));
        assertThat(context.capabilities().supports(Capability.CQ_COMPLETION_TIMESTAMP))
                .isEqualTo(attributes.completionTimestampMask() != 0);
        if (context.device().name().startsWith("rxe")) {
            assertThat(context.capabilities().unsupported()).contains(Capability.TAG_MATCHING,
                    Capability.CQ_COMPLETION_TIMESTAMP, Capability.XRC, Capability.PARENT_DOMAIN);
        }
    }

    @Test
    void parentsWithLiveChildrenAreBusyAndObjectsCloseOnce() {
        ProtectionDomain pd = context.allocateProtectionDomain();
        MemoryRegion mr = pd.registerMemory(arena.allocate(4096, 4096), Loopback.ACCESS);
        assertThat(mr.lkey()).isNotZero();
        assertThatThrownBy(pd::close).isInstanceOf(BusyException.class).hasMessageContaining("ibv_dealloc_pd");
        assertThatThrownBy(context::close).isInstanceOf(BusyException.class);
        mr.close();
        pd.close();
        assertThat(pd.isClosed()).isTrue();
        assertThatThrownBy(pd::close).isInstanceOf(ClosedObjectException.class);
        assertThatThrownBy(() -> pd.registerMemory(arena.allocate(64), Set.of()))
                .isInstanceOf(ClosedObjectException.class);
    }

    @Test
    void valuesHeldSinceCreationStayReadableAfterCloseWhileWhatReadsTheObjectThrows() {
        ProtectionDomain pd = context.allocateProtectionDomain();
        MemoryRegion mr = pd.registerMemory(arena.allocate(4096, 4096), Loopback.ACCESS);
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(4).build());
        QueuePair qp = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                new QpCapabilities(1, 1, 1, 1, 0)).build());
        MemoryWindow mw = context.capabilities().supports(Capability.MEMORY_WINDOW_TYPE_1)
                ? pd.allocateMemoryWindow(MwType.TYPE_1) : null;
        int lkey = mr.lkey();
        int rkey = mr.rkey();
        int cqe = cq.cqe();
        int qpNum = qp.qpNum();
        int mwRkey = mw == null ? 0 : mw.rkey();
        qp.close();
        cq.close();
        mr.close();
        if (mw != null) {
            mw.close();
            assertThat(mw.rkey()).as("ibv_mw.rkey after close").isEqualTo(mwRkey);
        }
        pd.close();
        assertThat(new int[] {mr.lkey(), mr.rkey(), cq.cqe(), qp.qpNum()}).as("lkey, rkey, cqe, qp_num after close")
                .containsExactly(lkey, rkey, cqe, qpNum);
        assertThatThrownBy(qp::state).as("ibv_qp.state reads the destroyed QP")
                .isInstanceOf(ClosedObjectException.class);
        assertThatThrownBy(cq::startPoll).isInstanceOf(ClosedObjectException.class);
    }

    @Test
    void aLeakedContextWithItsObjectsIsDestroyedByTheSafetyNet() throws Exception {
        Map<String, Long> before = RdmaResources.ownedByThisProcess();
        AtomicReference<List<VerbsObject>> held = new AtomicReference<>(leakAContextWithObjects(arena));
        Map<String, Long> leaked = RdmaResources.ownedByThisProcess();
        held.set(null); // from here on nothing reaches them: only the safety net can destroy them
        for (String type : RdmaResources.TYPES) {
            assertThat(leaked.get(type)).as("rxe shows the leaked %s", type).isEqualTo(before.get(type) + 1);
        }
        assertThat(RdmaResources.awaitCounts(before, Duration.ofMinutes(2)))
                .as("objects of this process in rdma resource show, 2 minutes after the leak").isEqualTo(before);
    }

    /**
     * Opens a second context with a PD, an MR, a CQ and a connected RC QP and closes none of them.
     *
     * @return the objects, for the caller to hold until it has counted them (a collection before that
     *         would let the safety net destroy one too early for the count)
     */
    private static List<VerbsObject> leakAContextWithObjects(Arena arena) {
        Context leaked = RealDevice.require().open();
        int gidIndex = RealDevice.gidIndex(leaked.queryGidTable(1));
        ProtectionDomain pd = leaked.allocateProtectionDomain();
        MemoryRegion mr = pd.registerMemory(arena.allocate(4096, 4096), Loopback.ACCESS);
        CompletionQueue cq = leaked.createCompletionQueue(CqInitAttributes.builder(16).build());
        QueuePair qp = leaked.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                new QpCapabilities(4, 4, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
        Loopback.connect(qp, qp, Loopback.gid(leaked, gidIndex), gidIndex);
        return List.of(leaked, pd, mr, cq, qp);
    }

    @Test
    void aModifyTheKernelRefusesNamesTheTransitionAndTheMissingAttribute() {
        ProtectionDomain pd = context.allocateProtectionDomain();
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(4).build());
        try (QueuePair qp = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                new QpCapabilities(1, 1, 1, 1, 0)).build())) {
            assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0)
                    .qpAccessFlags(Set.of()))).isInstanceOf(InvalidArgumentException.class).hasMessageEndingWith(
                    ": RC RESET -> INIT with mask [STATE (qpState), ACCESS_FLAGS (qpAccessFlags),"
                            + " PKEY_INDEX (pkeyIndex)]: missing required [PORT (portNum)]");
        } finally {
            cq.close();
            pd.close();
        }
    }

    @Test
    void misuseOfAnExtendedCqThrowsInsteadOfCrashing() {
        try (CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16).wcFlags(FIELDS).build())) {
            assertThat(cq.cqe()).isGreaterThanOrEqualTo(16);
            assertThat(cq.startPoll()).isFalse();
            cq.endPoll(); // a stray end_poll, as pyverbs calls after an empty start_poll: it does nothing
            assertThat(cq.startPoll()).as("the queue polls as before").isFalse();
            assertThatThrownBy(cq::readByteLen).isInstanceOf(InvalidArgumentException.class);
            assertThatThrownBy(cq::readSlid).isInstanceOf(InvalidArgumentException.class)
                    .hasMessageContaining("SLID was not requested");
        }
    }

    @Test
    void unsupportedCompletionFieldsAreReportedUnsupported() {
        org.junit.jupiter.api.Assumptions.assumeFalse(
                context.capabilities().supports(Capability.CQ_COMPLETION_TIMESTAMP), "the device has timestamps");
        CqInitAttributes attributes = CqInitAttributes.builder(16)
                .wcFlags(EnumSet.of(CompletionField.BYTE_LEN, CompletionField.COMPLETION_TIMESTAMP)).build();
        assertThatThrownBy(() -> context.createCompletionQueue(attributes)).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("ibv_create_cq_ex");
    }

    @Test
    void rcSendAndRdmaWriteWithImmediateOverSendOps() throws Exception {
        int gidIndex = RealDevice.gidIndex(context.queryGidTable(1));
        ProtectionDomain pd = context.allocateProtectionDomain();
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(64).wcFlags(FIELDS).build());
        Set<SendOpsFlag> ops = EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_WRITE_WITH_IMM);
        QueuePair a = rcQp(pd, cq, ops);
        QueuePair b = rcQp(pd, cq, ops);
        Loopback.connect(a, b, Loopback.gid(context, gidIndex), gidIndex);
        Loopback.connect(b, a, Loopback.gid(context, gidIndex), gidIndex);
        MemoryRegion source = pd.registerMemory(arena.allocate(4096, 4096), Loopback.ACCESS);
        MemoryRegion target = pd.registerMemory(arena.allocate(4096, 4096), Loopback.ACCESS);
        source.segment().setString(0, "hello rxe");

        postReceive(b, target, 7);
        a.sendOps().start();
        a.sendOps().wrId(1).wrFlags((int) SendFlag.SIGNALED.value()).send().setSge(source.lkey(), source.address(), 64);
        a.sendOps().complete();
        assertCompletions(cq, b.qpNum(), "hello rxe", target);

        postReceive(b, target, 8);
        a.sendOps().start();
        a.sendOps().wrId(2).wrFlags((int) SendFlag.SIGNALED.value())
                .rdmaWriteWithImm(target.rkey(), target.address() + 1024, 0x12345678)
                .setSge(source.lkey(), source.address(), 16);
        a.sendOps().complete();
        assertImmediate(cq, 0x12345678);
        assertThat(target.segment().getString(1024)).isEqualTo("hello rxe");
        assertThatThrownBy(() -> a.sendOps().rdmaRead(target.rkey(), target.address()))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("RDMA_READ was not requested");

        assertThatThrownBy(cq::close).isInstanceOf(BusyException.class);
        a.close();
        b.close();
        source.close();
        target.close();
        cq.close();
        pd.close();
    }

    private QueuePair rcQp(ProtectionDomain pd, CompletionQueue cq, Set<SendOpsFlag> ops) {
        return context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq, new QpCapabilities(16, 16, 1, 1, 0))
                .sendOpsFlags(ops).build());
    }

    private static void postReceive(QueuePair qp, MemoryRegion region, long wrId) {
        ReceiveRequest request = new ReceiveRequest(1).wrId(wrId);
        request.sgList().add(region, 0, 1024);
        qp.postReceive(request);
    }

    private static void assertCompletions(CompletionQueue cq, int receiverQpn, String text, MemoryRegion target)
            throws InterruptedException {
        boolean sendSeen = false;
        boolean recvSeen = false;
        while (!(sendSeen && recvSeen)) {
            assertThat(Loopback.awaitCompletion(cq, TIMEOUT)).as("a completion within %s", TIMEOUT).isTrue();
            do {
                assertThat(cq.status()).isEqualTo(WcStatus.SUCCESS);
                if (cq.readOpcode() == WcOpcode.RECV) {
                    assertThat(cq.wrId()).isEqualTo(7);
                    assertThat(cq.readByteLen()).isEqualTo(64);
                    assertThat(cq.readQpNum()).isEqualTo(receiverQpn);
                    recvSeen = true;
                } else {
                    assertThat(cq.readOpcode()).isEqualTo(WcOpcode.SEND);
                    assertThat(cq.wrId()).isEqualTo(1);
                    sendSeen = true;
                }
            } while (cq.nextPoll());
            cq.endPoll();
        }
        assertThat(target.segment().getString(0)).isEqualTo(text);
    }

    private static void assertImmediate(CompletionQueue cq, int imm) throws InterruptedException {
        boolean recvSeen = false;
        while (!recvSeen) {
            assertThat(Loopback.awaitCompletion(cq, TIMEOUT)).isTrue();
            do {
                assertThat(cq.status()).isEqualTo(WcStatus.SUCCESS);
                if (cq.readOpcode() == WcOpcode.RECV_RDMA_WITH_IMM) {
                    assertThat(cq.readImmData()).isEqualTo(imm);
                    assertThat(cq.readWcFlags() & WcFlag.WITH_IMM.value()).isNotZero();
                    assertThatThrownBy(cq::readSrcQp).isInstanceOf(InvalidArgumentException.class);
                    recvSeen = true;
                }
            } while (cq.nextPoll());
            cq.endPoll();
        }
    }

    @Test
    void completionEventsArriveThroughTheChannelAndMapToTheQueue() throws Exception {
        int gidIndex = RealDevice.gidIndex(context.queryGidTable(1));
        CompletionChannel channel = context.createCompletionChannel();
        ProtectionDomain pd = context.allocateProtectionDomain();
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16).channel(channel)
                .wcFlags(FIELDS).build());
        assertThatThrownBy(channel::close).isInstanceOf(BusyException.class);
        assertThat(channel.tryGetEvent()).isNull();
        QueuePair a = rcQp(pd, cq, EnumSet.of(SendOpsFlag.SEND));
        QueuePair b = rcQp(pd, cq, EnumSet.of(SendOpsFlag.SEND));
        Loopback.connect(a, b, Loopback.gid(context, gidIndex), gidIndex);
        Loopback.connect(b, a, Loopback.gid(context, gidIndex), gidIndex);
        MemoryRegion region = pd.registerMemory(arena.allocate(4096, 4096), Loopback.ACCESS);
        postReceive(b, region, 7);
        cq.requestNotification(false);
        a.sendOps().start();
        a.sendOps().wrId(1).wrFlags((int) SendFlag.SIGNALED.value()).send().setSge(region.lkey(), region.address() + 2048, 8);
        a.sendOps().complete();

        assertThat(channel.getEvent(TIMEOUT)).isSameAs(cq);
        assertThat(cq.unacknowledgedEvents()).isEqualTo(1);
        assertThatThrownBy(() -> cq.ackEvents(2)).isInstanceOf(InvalidArgumentException.class);
        cq.ackEvents(1);
        drain(cq);
        a.close();
        b.close();
        region.close();
        cq.close();
        channel.close();
        pd.close();
    }

    private static void drain(CompletionQueue cq) throws InterruptedException {
        int seen = 0;
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (seen < 2 && System.nanoTime() < deadline) {
            if (cq.startPoll()) {
                do {
                    assertThat(cq.status()).isEqualTo(WcStatus.SUCCESS);
                    seen++;
                } while (cq.nextPoll());
                cq.endPoll();
            } else {
                Thread.sleep(1);
            }
        }
        assertThat(seen).isEqualTo(2);
    }

    @Test
    void aBasicSrqTakesAReceiveAndKeepsItsDomainBusy() {
        ProtectionDomain pd = context.allocateProtectionDomain();
        MemoryRegion region = pd.registerMemory(arena.allocate(4096, 4096), Loopback.ACCESS);
        SharedReceiveQueue srq = context.createSharedReceiveQueue(SrqInitAttributes.basic(pd, 16, 1));
        assertThat(srq.query().maxWr()).isGreaterThanOrEqualTo(16);
        ReceiveRequest request = new ReceiveRequest(1).wrId(3);
        request.sgList().add(region, 0, 256);
        srq.postReceive(request);
        assertThatThrownBy(pd::close).isInstanceOf(BusyException.class);
        srq.close();
        region.close();
        pd.close();
    }

    @Test
    void withoutTagMatchingTheListOperationIsRefusedNamingIt() {
        assumeFalse(context.capabilities().supports(Capability.TAG_MATCHING), "the device has tag matching");
        ProtectionDomain pd = context.allocateProtectionDomain();
        SharedReceiveQueue srq = context.createSharedReceiveQueue(SrqInitAttributes.basic(pd, 4, 1));
        SrqOperation op = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).tag(1).mask(-1);
        assertThatThrownBy(() -> srq.postOps(op)).isInstanceOf(UnsupportedVerbException.class)
                .satisfies(e -> assertThat(((UnsupportedVerbException) e).failedRequest()).isSameAs(op));
        srq.close();
        pd.close();
    }

    @Test
    void xrcIsOfferedExactlyWhenTheDeviceFlagsIt() {
        assertThat(context.capabilities().supports(Capability.XRC))
                .isEqualTo(context.queryDevice().has(DeviceCapFlag.XRC));
    }

    @Test
    void withoutXrcItsVerbsAreRefusedNamingThem() {
        assumeFalse(context.capabilities().supports(Capability.XRC), "the device has XRC");
        ProtectionDomain pd = context.allocateProtectionDomain();
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(4).build());
        assertThatThrownBy(context::openXrcDomain).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("ibv_open_xrcd").hasMessageContaining("open_xrcd");
        assertThatThrownBy(() -> context.createQueuePair(QpInitAttributes.xrcSend(pd, cq,
                new QpCapabilities(1, 0, 1, 0, 0)).build())).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("XRC");
        cq.close();
        pd.close();
    }

    @Test
    void withoutParentDomainsTheAllocationIsRefusedNamingIt() {
        assumeFalse(context.capabilities().supports(Capability.PARENT_DOMAIN), "the device has parent domains");
        ProtectionDomain pd = context.allocateProtectionDomain();
        assertThatThrownBy(() -> context.allocateParentDomain(pd)).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("ibv_alloc_parent_domain");
        pd.close();
    }

    @Test
    void rxeHasNoSrqNumber() {
        assumeTrue(context.device().name().startsWith("rxe"), "not an rxe device");
        ProtectionDomain pd = context.allocateProtectionDomain();
        SharedReceiveQueue srq = context.createSharedReceiveQueue(SrqInitAttributes.basic(pd, 4, 1));
        assertThatThrownBy(srq::srqNum).as("rxe has no get_srq_num").isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("ibv_get_srq_num");
        srq.close();
        pd.close();
    }

    @Test
    void aPlainDomainIsNoParentOfACompletionQueueAndAClosedOneIsRefused() {
        ProtectionDomain pd = context.allocateProtectionDomain();
        assertThatThrownBy(() -> context.createCompletionQueue(CqInitAttributes.builder(4).parentDomain(pd).build()))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("parent_domain");
        pd.close();
        assertThatThrownBy(() -> context.allocateParentDomain(pd)).isInstanceOf(ClosedObjectException.class);
    }

    @Test
    void noAsyncEventMeansNullAfterTheTimeout() {
        long start = System.nanoTime();
        assertThat(context.getAsyncEvent(Duration.ofMillis(50))).isNull();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the wait before the answer")
                .isGreaterThanOrEqualTo(Duration.ofMillis(45));
    }

    @Test
    void onlyOffHeapMemoryCanBeRegistered() {
        try (ProtectionDomain pd = context.allocateProtectionDomain()) {
            MemorySegment heap = MemorySegment.ofArray(new byte[64]);
            assertThatThrownBy(() -> pd.registerMemory(heap, EnumSet.of(AccessFlag.LOCAL_WRITE)))
                    .isInstanceOf(InvalidArgumentException.class);
        }
    }
}
