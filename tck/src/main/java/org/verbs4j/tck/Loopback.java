package org.verbs4j.tck;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.opentest4j.TestAbortedException;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.Destination;
import org.verbs4j.DeviceLimits;
import org.verbs4j.Gid;
import org.verbs4j.GlobalRoute;
import org.verbs4j.Mtu;
import org.verbs4j.PortAttributes;
import org.verbs4j.PortState;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;

/**
 * Builds queue pairs and connects them to each other through the port and GID of the {@link TckEnvironment},
 * as rdma-core's pyverbs tests do (PATH_MTU 1024, MIN_RNR_TIMER 12, TIMEOUT 14, RETRY_CNT 7, RNR_RETRY 7, UD
 * Q_Key 0x11111111). The requester is built on the test's context, the responder on the responder context
 * ({@link Side}): the same context, two players on one device as in pyverbs, unless the test class names a
 * responder device.
 */
public final class Loopback {

    private final EnumSet<AccessFlag> extraAccess = EnumSet.noneOf(AccessFlag.class);

    /** The Q_Key of the kit's UD queue pairs (pyverbs {@code QKEY}). */
    public static final int QKEY = ConnectRecipe.QKEY;
    /** The size of the global route header in front of every UD receive (pyverbs {@code GRH_SIZE}). */
    public static final int GRH_SIZE = 40;

    private final AreaVerification area;
    private final Context context;
    private final Context responderContext;
    private final TckEnvironment environment;

    Loopback(AreaVerification area) {
        this.area = area;
        this.context = area.context();
        this.responderContext = area.context(Side.RESPONDER);
        this.environment = area.environment();
    }

    /** @return the queue sizes the kit prefers unless a test needs others ({@link #capabilities()} fits them) */
    public static QpCapabilities defaultCapabilities() {
        return new QpCapabilities(64, 64, 4, 4, 0);
    }

    /**
     * @return the {@link #defaultCapabilities()} within the device's {@code max_qp_wr} and {@code max_sge}
     *     (an EFA device, for one, takes 2 scatter/gather entries)
     */
    public QpCapabilities capabilities() {
        DeviceLimits limits = context.queryDevice().limits();
        QpCapabilities preferred = defaultCapabilities();
        int depth = Math.min(preferred.maxSendWr(), limits.maxQpWr());
        int sge = Math.min(preferred.maxSendSge(), limits.maxSge());
        return new QpCapabilities(depth, depth, sge, sge, preferred.maxInlineData());
    }

    /** @return the RC send operations the device supports, of SEND, RDMA and (if supported) atomics */
    public Set<SendOpsFlag> rcSendOps() {
        EnumSet<SendOpsFlag> ops = EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.SEND_WITH_IMM, SendOpsFlag.RDMA_WRITE,
                SendOpsFlag.RDMA_WRITE_WITH_IMM, SendOpsFlag.RDMA_READ);
        if (context.capabilities().supports(Capability.ATOMICS)) {
            ops.add(SendOpsFlag.ATOMIC_CMP_AND_SWP);
            ops.add(SendOpsFlag.ATOMIC_FETCH_AND_ADD);
        }
        return ops;
    }

    /**
     * @return a connected RC pair with the default sizes and {@link #rcSendOps()}, each end with a protection
     *     domain of its own (as pyverbs' two players), also when both are on one context
     */
    public QueuePairs rc() {
        return rc(UnaryOperator.identity());
    }

    /**
     * @param customizer changes the attributes of both queue pairs before they are created; it must add no
     *     object of one context (a CQ, an SRQ) since the ends may be on two (use a {@link PairCustomizer})
     * @return a connected RC pair
     */
    public QueuePairs rc(UnaryOperator<QpInitAttributes.Builder> customizer) {
        return rc(both(customizer));
    }

    /**
     * @param customizer changes the attributes of each end before it is created
     * @return a connected RC pair, each end with a new protection domain of its context
     */
    public QueuePairs rc(PairCustomizer customizer) {
        return rc(area.protectionDomain(), responderPd(null), customizer);
    }

    /**
     * @param pd the protection domain of the requester, and of the responder when both ends share a context
     * @param customizer changes the attributes of both queue pairs before they are created
     * @return a connected RC pair
     */
    public QueuePairs rc(ProtectionDomain pd, UnaryOperator<QpInitAttributes.Builder> customizer) {
        return rc(pd, responderPd(pd), both(customizer));
    }

    /**
     * @param requesterPd the protection domain of the requester, of the test's context
     * @param responderPd the protection domain of the responder, of the responder context
     * @param customizer changes the attributes of each end before it is created
     * @return a connected RC pair
     */
    public QueuePairs rc(ProtectionDomain requesterPd, ProtectionDomain responderPd, PairCustomizer customizer) {
        return connected(QpType.RC, Capability.QP_RC, requesterPd, responderPd, customizer);
    }

    /**
     * @param customizer changes the attributes of both queue pairs before they are created
     * @return a connected UC pair
     */
    public QueuePairs uc(UnaryOperator<QpInitAttributes.Builder> customizer) {
        return connected(QpType.UC, Capability.QP_UC, area.protectionDomain(), responderPd(null), both(customizer));
    }

    private static PairCustomizer both(UnaryOperator<QpInitAttributes.Builder> customizer) {
        return (side, builder) -> customizer.apply(builder);
    }

    /** @return {@code shared} when both ends share a context (a new PD if it is null), else a new PD of the responder */
    private ProtectionDomain responderPd(ProtectionDomain shared) {
        if (responderContext == context && shared != null) {
            return shared;
        }
        return area.protectionDomain(Side.RESPONDER);
    }

    /** @return two UD queue pairs in RTS, with SEND and SEND_WITH_IMM */
    public QueuePairs ud() {
        ProtectionDomain pd = area.protectionDomain();
        ProtectionDomain responderPd = responderPd(pd);
        CompletionQueue requesterCq = area.completionQueue(256);
        CompletionQueue responderCq = area.completionQueue(Side.RESPONDER, 256);
        QpInitAttributes.Builder requester = udAttributes(pd, requesterCq);
        gate(QpType.UD, Capability.QP_UD, requester.build());
        requireActivePort();
        QueuePair sender = area.queuePair(requester.build());
        QueuePair receiver = area.track(responderContext.createQueuePair(udAttributes(responderPd, responderCq)
                .build()));
        toRtsUd(sender);
        toRtsUd(receiver);
        return new QueuePairs(pd, sender, requesterCq, responderPd, receiver, responderCq);
    }

    /**
     * @param pd the protection domain
     * @param cq the completion queue of both queues
     * @return UD attributes with the default sizes, SEND and SEND_WITH_IMM
     */
    public QpInitAttributes.Builder udAttributes(ProtectionDomain pd, CompletionQueue cq) {
        return QpInitAttributes.builder(QpType.UD, pd, cq, capabilities())
                .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.SEND_WITH_IMM));
    }

    /**
     * Creates the attributes of a connected (RC or UC) queue pair.
     *
     * @param type RC or UC
     * @param pd the protection domain
     * @param cq the completion queue of both queues
     * @return the attributes with the default sizes and the send operations the type allows
     */
    public QpInitAttributes.Builder connectedAttributes(QpType type, ProtectionDomain pd, CompletionQueue cq) {
        Set<SendOpsFlag> ops = type == QpType.RC ? rcSendOps()
                : EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.SEND_WITH_IMM, SendOpsFlag.RDMA_WRITE,
                        SendOpsFlag.RDMA_WRITE_WITH_IMM);
        return QpInitAttributes.builder(type, pd, cq, capabilities()).sendOpsFlags(ops);
    }

    /**
     * Moves a connected (RC, UC, XRC_SEND or XRC_RECV) queue pair from RESET to RTS, towards
     * {@code remoteQpn}.
     *
     * @param qp the queue pair, in RESET
     * @param remoteQpn the queue pair number of the peer
     */
    public void toRts(QueuePair qp, int remoteQpn) {
        recipe(qp.type()).connectFromReset(qp, 0, self(remoteQpn), readAtomicDepth());
    }

    /**
     * Moves a connected (RC, UC, XRC_SEND or XRC_RECV) queue pair from RESET to RTS, towards another queue
     * pair on its own context's port and GID (which may be the responder context).
     *
     * @param qp the queue pair, in RESET
     * @param remote the peer
     */
    public void toRts(QueuePair qp, QueuePair remote) {
        recipe(qp.type()).connectFromReset(qp, 0, destination(remote), readAtomicDepth());
    }

    /**
     * Moves a UD queue pair from RESET to RTS.
     *
     * @param qp the queue pair, in RESET
     */
    public void toRtsUd(QueuePair qp) {
        recipe(QpType.UD).connectFromReset(qp, 0, Destination.NONE, 0);
    }

    /**
     * @param type the queue pair type
     * @return the attributes of RESET to INIT with exactly the required attributes of the type
     *     ({@link ConnectRecipe#initAttributes})
     */
    public QpAttributes initAttributes(QpType type) {
        return recipe(type).initAttributes(type);
    }

    /**
     * @param type RC, UC, XRC_SEND or XRC_RECV
     * @param remoteQpn the peer
     * @return the attributes of INIT to RTR with exactly the required attributes of the type (the kernel's
     *     {@code qp_state_table}: a responder side, RC or XRC_RECV, also needs its read depth and RNR timer;
     *     {@link ConnectRecipe#rtrAttributes})
     */
    public QpAttributes rtrAttributes(QpType type, int remoteQpn) {
        return recipe(type).rtrAttributes(type, self(remoteQpn), readAtomicDepth());
    }

    /**
     * @param type RC, UC, XRC_SEND or XRC_RECV
     * @param remote the peer, on its own context's port and GID
     * @return the attributes of INIT to RTR towards {@code remote} ({@link #rtrAttributes(QpType, int)})
     */
    public QpAttributes rtrAttributes(QpType type, QueuePair remote) {
        return recipe(type).rtrAttributes(type, destination(remote), readAtomicDepth());
    }

    /**
     * @param type RC, UC, XRC_SEND or XRC_RECV
     * @return the attributes of RTR to RTS with exactly the required attributes of the type (a requester side,
     *     RC or XRC_SEND, also needs its retries and read depth; XRC_RECV only its timeout;
     *     {@link ConnectRecipe#rtsAttributes})
     */
    public QpAttributes rtsAttributes(QpType type) {
        return recipe(type).rtsAttributes(type, 0, readAtomicDepth());
    }

    /**
     * @param type the queue pair type
     * @return pyverbs' values on the kit's port and GID: hop limit 64, ACK timeout 14, RNR timer 12, and the
     *     remote access the type and the device allow
     */
    private ConnectRecipe recipe(QpType type) {
        return new ConnectRecipe(environment.portNum(), pathMtu(), 0, environment.gidIndex(), 64,
                remoteAccess(type), QKEY, 14, 12);
    }

    /** @return a queue pair of the kit's own port and GID, starting at PSN 0 */
    private Destination self(int qpn) {
        return Destination.of(context, environment.portNum(), environment.gidIndex(), qpn, 0);
    }

    /** @return a queue pair of its own context's port and GID, starting at PSN 0 */
    private Destination destination(QueuePair remote) {
        return Destination.of(remote.context(), environment.portNum(), environment.gidIndex(), remote.qpNum(), 0);
    }

    /** @return the address of the kit's own port and GID, with a global route as pyverbs uses */
    public AhAttributes ownAddress() {
        return addressOf(Side.REQUESTER);
    }

    /**
     * @param side an end
     * @return the address of that end's port and GID, with a global route as pyverbs uses: where a UD
     *     queue pair of the other end sends to reach it
     */
    public AhAttributes addressOf(Side side) {
        Context owner = area.context(side);
        PortAttributes port = owner.queryPort(environment.portNum());
        Gid gid = owner.queryGid(environment.portNum(), environment.gidIndex());
        return new AhAttributes(new GlobalRoute(gid, 0, environment.gidIndex(), 64, 0), port.lid(), 0, 0, 0,
                environment.portNum());
    }

    private QueuePairs connected(QpType type, Capability capability, ProtectionDomain pd,
                                 ProtectionDomain responderPd, PairCustomizer customizer) {
        CompletionQueue requesterCq = area.completionQueue(256);
        CompletionQueue responderCq = area.completionQueue(Side.RESPONDER, 256);
        QpInitAttributes requesterAttributes = customizer.customize(Side.REQUESTER,
                connectedAttributes(type, pd, requesterCq)).build();
        gate(type, capability, requesterAttributes);
        requireActivePort();
        QueuePair requester = area.queuePair(requesterAttributes);
        QueuePair responder = area.track(responderContext.createQueuePair(customizer.customize(Side.RESPONDER,
                connectedAttributes(type, responderPd, responderCq)).build()));
        toRts(requester, responder);
        toRts(responder, requester);
        return new QueuePairs(pd, requester, requesterCq, responderPd, responder, responderCq);
    }

    /** Aborts the test (as pyverbs skips it) when the port under test cannot carry traffic. */
    public void requireActivePort() {
        PortState state = context.queryPort(environment.portNum()).state();
        if (state != PortState.ACTIVE) {
            throw new TestAbortedException("port " + environment.portNum() + " of " + context.device().name()
                    + " is " + state + "; traffic needs an ACTIVE port (choose one with verbs4j.tck.port)");
        }
    }

    private void gate(QpType type, Capability capability, QpInitAttributes attributes) {
        area.requireCapability(capability, "ibv_create_qp_ex(" + type.cName() + ")",
                () -> context.createQueuePair(attributes));
        if (!attributes.sendOpsFlags().isEmpty()) {
            area.requireCapability(Capability.SEND_OPS, "ibv_create_qp_ex(IBV_QP_INIT_ATTR_SEND_OPS_FLAGS)",
                    () -> context.createQueuePair(attributes));
        }
    }

    /**
     * The capability gate of a queue pair type: returns if the device supports it, otherwise checks that
     * creating such a queue pair is refused as unsupported and aborts the test.
     *
     * @param attributes the attributes of a queue pair of the type
     */
    public void requireType(QpInitAttributes attributes) {
        Capability capability = switch (attributes.qpType()) {
            case RC -> Capability.QP_RC;
            case UC -> Capability.QP_UC;
            case UD -> Capability.QP_UD;
            case RAW_PACKET -> Capability.QP_RAW_PACKET;
            case DRIVER -> Capability.QP_DRIVER;
            case XRC_SEND, XRC_RECV -> Capability.XRC;
        };
        gate(attributes.qpType(), capability, attributes);
    }

    /**
     * The capability gate of atomics: returns if the device supports them, otherwise checks that an RC
     * queue pair with the atomic send operations is refused as unsupported and aborts the test.
     */
    public void requireAtomics() {
        QpInitAttributes attributes = QpInitAttributes.builder(QpType.RC, area.protectionDomain(),
                area.completionQueue(4), capabilities())
                .sendOpsFlags(EnumSet.of(SendOpsFlag.ATOMIC_CMP_AND_SWP, SendOpsFlag.ATOMIC_FETCH_AND_ADD)).build();
        gate(QpType.RC, Capability.QP_RC, attributes);
        area.requireCapability(Capability.ATOMICS, "ibv_create_qp_ex(IBV_QP_EX_WITH_ATOMIC_*)",
                () -> context.createQueuePair(attributes));
    }

    /**
     * Adds access flags to the {@code qp_access_flags} that this fixture gives RC and UC queue pairs.
     *
     * @param access the flags to add (for example {@link AccessFlag#FLUSH_GLOBAL})
     * @return this
     */
    public Loopback withQpAccess(Set<AccessFlag> access) {
        extraAccess.addAll(access);
        return this;
    }

    private Set<AccessFlag> remoteAccess(QpType type) {
        EnumSet<AccessFlag> access = EnumSet.of(AccessFlag.REMOTE_WRITE);
        access.addAll(extraAccess);
        if (type == QpType.RC || type == QpType.XRC_RECV) {
            access.add(AccessFlag.REMOTE_READ);
            if (context.capabilities().supports(Capability.ATOMICS)) {
                access.add(AccessFlag.REMOTE_ATOMIC);
            }
        }
        return access;
    }

    private Mtu pathMtu() {
        Mtu active = context.queryPort(environment.portNum()).activeMtu();
        return active.value() < Mtu.MTU_1024.value() ? active : Mtu.MTU_1024;
    }

    private int readAtomicDepth() {
        return Math.min(16, Math.max(1, context.queryDevice().limits().maxQpRdAtom()));
    }
}
