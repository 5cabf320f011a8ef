package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.Context;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QueuePair;
import org.verbs4j.VerbsException;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.cm.PrivateDataLimits;
import org.verbs4j.cm.UdParam;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.CmAbi;
import org.verbs4j.provider.generic.raw.CmParams;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.QpAttrs;
import org.verbs4j.provider.generic.raw.Rdmacm;
import org.verbs4j.provider.generic.raw.SockAddr;

/**
 * {@code struct rdma_cm_id}, its fields read through {@link CmAbi#RDMA_CM_ID}. Every verb and {@code close()} are
 * serialised on the identifier, so that no call uses it after {@code rdma_destroy_id} freed it.
 *
 * <p>The QP of {@link #createQueuePair} is an ordinary QP of the identifier's context, never librdmacm's
 * {@code id->qp}; this class moves it through its states exactly where librdmacm moves its own ({@link CmQpMoves}),
 * so that its lifetime stays with the binding's objects: INIT (UD: RTS) at creation, RTR and RTS when accepting and
 * on the connect response (then {@code rdma_establish}), ERR on disconnect and on a reject.
 */
@SuppressWarnings("restricted")
final class NativeCmId implements CmId {

    private static final int RDMA_MAX_RESP_RES = 0xff;
    private static final int RDMA_MAX_INIT_DEPTH = 0xff;

    private final NativeEventChannel channel;
    private final Rdmacm cm;
    private final MemorySegment handle;
    private final PortSpace portSpace;
    private final Object userContext;
    private final AtomicLong unacknowledged = new AtomicLong();
    private final Map<Long, Object> multicastContexts = new ConcurrentHashMap<>();
    private final Map<InetAddress, UdParam> groups = new ConcurrentHashMap<>();
    private final AtomicLong nextMulticastKey = new AtomicLong(1);
    private QueuePair qp;
    private boolean exchangeBegun;
    private boolean closed;

    private NativeCmId(NativeEventChannel channel, MemorySegment handle, PortSpace portSpace, Object userContext,
            boolean requested) {
        this.channel = channel;
        this.cm = channel.cm;
        this.handle = handle.reinterpret(CmAbi.RDMA_CM_ID.byteSize());
        this.portSpace = portSpace;
        this.userContext = userContext;
        this.exchangeBegun = requested;
        channel.register(this);
    }

    /** {@code rdma_create_id}, under the channel's lock. */
    static NativeCmId create(NativeEventChannel channel, PortSpace portSpace, Object userContext) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment out = call.allocate(ADDRESS);
            int rc = (int) channel.cm.createId.invokeExact(errno, channel.handle, out, MemorySegment.NULL,
                    (int) portSpace.value());
            check(rc, errno, "rdma_create_id");
            return new NativeCmId(channel, out.get(ADDRESS, 0), portSpace, userContext, false);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** The new identifier of a CONNECT_REQUEST, with its listener's port space and context, as librdmacm. */
    static NativeCmId adopt(NativeEventChannel channel, MemorySegment pointer, NativeCmId listener) {
        return new NativeCmId(channel, pointer, listener.portSpace, listener.userContext, true);
    }

    long address() {
        return handle.address();
    }

    void reported() {
        unacknowledged.incrementAndGet();
    }

    void acknowledged() {
        unacknowledged.decrementAndGet();
    }

    @Override
    public EventChannel channel() {
        return channel;
    }

    @Override
    public PortSpace portSpace() {
        return portSpace;
    }

    @Override
    public Object userContext() {
        return userContext;
    }

    @Override
    public synchronized Optional<Context> context() {
        ensureOpen("rdma_cm_id.verbs");
        MemorySegment verbs = handle.get(ADDRESS, offset("verbs"));
        return verbs.equals(MemorySegment.NULL) ? Optional.empty()
                : Optional.of(channel.manager.context(verbs));
    }

    @Override
    public synchronized int portNum() {
        ensureOpen("rdma_cm_id.port_num");
        return Byte.toUnsignedInt(handle.get(JAVA_BYTE, offset("port_num")));
    }

    @Override
    public synchronized Optional<ProtectionDomain> protectionDomain() {
        return queuePair().map(QueuePair::protectionDomain);
    }

    @Override
    public synchronized Optional<QueuePair> queuePair() {
        return hasQueuePair() ? Optional.of(qp) : Optional.empty();
    }

    synchronized boolean hasQueuePair() {
        return qp != null && !qp.isClosed();
    }

    @Override
    public synchronized void bind(InetSocketAddress address) {
        String verb = "rdma_bind_addr";
        ensureOpen(verb);
        resolved(verb, address, "the address");
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            check((int) cm.bindAddr.invokeExact(errno, handle, SockAddr.write(address, call)), errno, verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public synchronized void resolveAddress(InetSocketAddress source, InetSocketAddress destination,
            Duration timeout) {
        String verb = "rdma_resolve_addr";
        ensureOpen(verb);
        if (source != null) {
            resolved(verb, source, "the source address");
        }
        resolved(verb, destination, "the destination address");
        Args.required(verb, timeout, "the timeout");
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment src = source == null ? MemorySegment.NULL : SockAddr.write(source, call);
            check((int) cm.resolveAddr.invokeExact(errno, handle, src, SockAddr.write(destination, call),
                    millis(timeout)), errno, verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public synchronized void resolveRoute(Duration timeout) {
        String verb = "rdma_resolve_route";
        ensureOpen(verb);
        Args.required(verb, timeout, "the timeout");
        requireDevice(verb, "the address is not resolved");
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            check((int) cm.resolveRoute.invokeExact(errno, handle, millis(timeout)), errno, verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public synchronized void listen(int backlog) {
        String verb = "rdma_listen";
        ensureOpen(verb);
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            check((int) cm.listen.invokeExact(errno, handle, backlog), errno, verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public synchronized QueuePair createQueuePair(QpInitAttributes attributes) {
        String verb = "rdma_create_qp";
        ensureOpen(verb);
        Args.required(verb, attributes, "the attributes");
        Context context = context().orElseThrow(() -> new InvalidArgumentException(verb,
                "the identifier is not bound to a device"));
        if (hasQueuePair()) {
            throw new InvalidArgumentException(verb, "the identifier already has a QP");
        }
        if (attributes.pd() == null || attributes.pd().context() != context) {
            throw new InvalidArgumentException(verb, "the protection domain is not of the identifier's context");
        }
        QueuePair created = context.createQueuePair(attributes);
        try {
            CmQpMoves.created(this, created);
        } catch (RuntimeException e) {
            created.close();
            throw e;
        }
        qp = created;
        return created;
    }

    @Override
    public synchronized void destroyQueuePair() {
        String verb = "rdma_destroy_qp";
        ensureOpen(verb);
        if (!hasQueuePair()) {
            throw new InvalidArgumentException(verb, "the identifier has no QP");
        }
        qp.close();
        qp = null;
    }

    @Override
    public synchronized QpAttributes initQpAttributes(QpState state) {
        String verb = "rdma_init_qp_attr";
        ensureOpen(verb);
        Args.required(verb, state, "the QP state");
        Abi abi = cm.ib().abi();
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment attr = call.allocate(abi.ibvQpAttr);
            attr.set(JAVA_INT, Abi.offset(abi.ibvQpAttr, "qp_state"), (int) state.value());
            MemorySegment mask = call.allocate(JAVA_INT);
            check((int) cm.initQpAttr.invokeExact(errno, handle, attr, mask), errno, verb);
            return CmQpMoves.masked(QpAttrs.read(abi, attr), mask.get(JAVA_INT, 0));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public synchronized void connect(ConnParam parameters) {
        String verb = "rdma_connect";
        ensureOpen(verb);
        requireDevice(verb, "the route is not resolved");
        ConnParam param = parameters == null ? ConnParam.defaults() : parameters;
        checkPrivateData(verb, param, PrivateDataLimits.connect(portSpace));
        call(verb, param, cm.connect);
        exchangeBegun = true;
    }

    @Override
    public synchronized void accept(ConnParam parameters) {
        String verb = "rdma_accept";
        ensureOpen(verb);
        requireDevice(verb, "the identifier has no connection request");
        ConnParam param = parameters == null
                ? ConnParam.defaults().withRdAtomic(RDMA_MAX_RESP_RES, RDMA_MAX_INIT_DEPTH) : parameters;
        checkPrivateData(verb, param, PrivateDataLimits.accept(portSpace));
        if (hasQueuePair() && portSpace.qpType() != org.verbs4j.QpType.UD) {
            CmQpMoves.toRts(this, qp, param.responderResources(), param.initiatorDepth());
        }
        try {
            call(verb, param, cm.accept);
        } catch (RuntimeException e) {
            toError();
            throw e;
        }
    }

    private void call(String verb, ConnParam param, java.lang.invoke.MethodHandle function) {
        int qpNum = hasQueuePair() ? qp.qpNum() : param.qpNum();
        boolean srq = hasQueuePair() ? qp.srq().isPresent() : param.srq();
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            check((int) function.invokeExact(errno, handle, CmParams.write(param, qpNum, srq, call)), errno, verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public synchronized void reject(byte[] privateData) {
        String verb = "rdma_reject";
        ensureOpen(verb);
        byte[] data = privateData == null ? new byte[0] : privateData;
        if (data.length > PrivateDataLimits.REJECT) {
            throw new InvalidArgumentException(verb, "private data of " + data.length + " bytes, at most "
                    + PrivateDataLimits.REJECT);
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment bytes = data.length == 0 ? MemorySegment.NULL : call.allocateFrom(JAVA_BYTE, data);
            check((int) cm.reject.invokeExact(errno, handle, bytes, (byte) data.length), errno, verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public synchronized void establish() {
        String verb = "rdma_establish";
        ensureOpen(verb);
        if (hasQueuePair()) {
            throw new InvalidArgumentException(verb, "the identifier has a QP: the connect response completed it");
        }
        callId(verb, cm.establish);
    }

    @Override
    public synchronized void disconnect() {
        String verb = "rdma_disconnect";
        ensureOpen(verb);
        if (exchangeBegun) {
            toError();
        }
        callId(verb, cm.disconnect);
    }

    private void callId(String verb, java.lang.invoke.MethodHandle function) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            check((int) function.invokeExact(errno, handle), errno, verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * Completes a connect response for the identifier's QP as librdmacm's {@code ucma_process_conn_resp}: RTR, RTS,
     * then {@code rdma_establish}; on failure the QP goes to ERR.
     *
     * @param response the response's parameters
     * @return 0, or the negative errno of the failure (the event's status)
     */
    synchronized int complete(ConnParam response) {
        try {
            CmQpMoves.toRts(this, qp, RDMA_MAX_RESP_RES, RDMA_MAX_INIT_DEPTH);
            callId("rdma_establish", cm.establish);
            return 0;
        } catch (VerbsException e) {
            toError();
            return -e.errno();
        }
    }

    /** Moves the identifier's QP, if any, to ERR, as librdmacm on disconnect and reject; never fails. */
    synchronized void toError() {
        if (hasQueuePair()) {
            try {
                qp.modify(new QpAttributes().qpState(QpState.ERR));
            } catch (VerbsException ignored) {
                // As librdmacm's ucma_modify_qp_err, whose result rdma_disconnect only passes on for its own QP.
            }
        }
    }

    @Override
    public synchronized void joinMulticast(InetAddress group, Object context) {
        String verb = "rdma_join_multicast";
        ensureOpen(verb);
        Args.required(verb, group, "the group");
        if (!group.isMulticastAddress()) {
            throw new InvalidArgumentException(verb, group.getHostAddress() + " is not a multicast address");
        }
        long key = nextMulticastKey.getAndIncrement();
        multicastContexts.put(key, context == null ? NO_CONTEXT : context);
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            check((int) cm.joinMulticast.invokeExact(errno, handle, SockAddr.write(new InetSocketAddress(group, 0),
                    call), MemorySegment.ofAddress(key)), errno, verb);
        } catch (Throwable t) {
            multicastContexts.remove(key);
            throw Native.rethrow(t);
        }
    }

    private static final Object NO_CONTEXT = new Object();

    /** @return the context given to {@link #joinMulticast} under that key (the event's {@code private_data}) */
    Object multicastContext(long key) {
        Object context = multicastContexts.get(key);
        return context == NO_CONTEXT ? null : context;
    }

    /** Attaches the identifier's QP to a joined group, as librdmacm's {@code ucma_process_join} for its own QP. */
    synchronized void attach(UdParam join) {
        if (hasQueuePair() && join.ahAttr().grh() != null) {
            qp.attachMulticast(join.ahAttr().grh().dgid(), join.ahAttr().dlid());
        }
        groups.put(addressOf(join), join);
    }

    private static InetAddress addressOf(UdParam join) {
        byte[] gid = join.ahAttr().grh().dgid().toBytes();
        try {
            return InetAddress.getByAddress(java.util.Arrays.copyOfRange(gid, 12, 16));
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized void leaveMulticast(InetAddress group) {
        String verb = "rdma_leave_multicast";
        ensureOpen(verb);
        Args.required(verb, group, "the group");
        long pending = unacknowledged.get();
        if (pending > 0) {
            throw new BusyException(verb, pending + " event(s) about the identifier are not acknowledged"
                    + " (rdma_ack_cm_event), for which rdma_leave_multicast could wait forever");
        }
        UdParam joined = groups.remove(group);
        if (joined != null && hasQueuePair()) {
            qp.detachMulticast(joined.ahAttr().grh().dgid(), joined.ahAttr().dlid());
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            check((int) cm.leaveMulticast.invokeExact(errno, handle, SockAddr.write(new InetSocketAddress(group, 0),
                    call)), errno, verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public synchronized InetSocketAddress localAddress() {
        ensureOpen("rdma_get_local_addr");
        return SockAddr.read(handle.asSlice(offset("route", "addr", "src_storage"), CmAbi.SOCKADDR_STORAGE_SIZE));
    }

    @Override
    public synchronized InetSocketAddress peerAddress() {
        ensureOpen("rdma_get_peer_addr");
        return SockAddr.read(handle.asSlice(offset("route", "addr", "dst_storage"), CmAbi.SOCKADDR_STORAGE_SIZE));
    }

    @Override
    public void close() {
        String verb = "rdma_destroy_id";
        synchronized (channel.lock) {
            synchronized (this) {
                if (closed) {
                    throw new ClosedObjectException(verb, "already closed");
                }
                if (hasQueuePair()) {
                    throw new BusyException(verb, "its QP is alive: destroy it first (rdma_destroy_qp)");
                }
                long pending = unacknowledged.get();
                if (pending > 0) {
                    throw new BusyException(verb, pending + " event(s) about it are not acknowledged"
                            + " (rdma_ack_cm_event), for which rdma_destroy_id would wait forever");
                }
                callId(verb, cm.destroyId);
                closed = true;
                channel.forget(this);
            }
        }
    }

    @Override
    public synchronized boolean isClosed() {
        return closed;
    }

    /**
     * librdmacm's {@code rdma_resolve_route}, {@code rdma_connect} and {@code rdma_accept} read the identifier's
     * device ({@code id->verbs}) without checking it: refused here with EINVAL before it is NULL.
     */
    private void requireDevice(String verb, String why) {
        if (handle.get(ADDRESS, offset("verbs")).equals(MemorySegment.NULL)) {
            throw new InvalidArgumentException(verb, why + " (the identifier is bound to no device)");
        }
    }

    private void ensureOpen(String verb) {
        if (closed) {
            throw new ClosedObjectException(verb, "the identifier is closed");
        }
    }

    private static void checkPrivateData(String verb, ConnParam param, int limit) {
        int length = param.privateData().length;
        if (length > limit) {
            throw new InvalidArgumentException(verb, "private data of " + length + " bytes, at most " + limit);
        }
    }

    /** @return the timeout as librdmacm's {@code int timeout_ms}: at least 1, at most {@code INT_MAX} (capped) */
    static int millis(Duration timeout) {
        return Math.max(1, Args.millis(timeout));
    }

    /**
     * @throws InvalidArgumentException naming {@code verb} if {@code address} is null or unresolved (librdmacm
     *     needs an IP address)
     */
    static InetSocketAddress resolved(String verb, InetSocketAddress address, String what) {
        if (Args.required(verb, address, what).isUnresolved()) {
            throw new InvalidArgumentException(verb, what + " " + address + " is unresolved: an IP address is required");
        }
        return address;
    }

    private static long offset(String... path) {
        return Abi.offset(CmAbi.RDMA_CM_ID, path);
    }

    static void check(int rc, MemorySegment errno, String verb) {
        if (rc != 0) {
            int code = ErrnoCapture.errno(errno);
            throw VerbsException.of(verb, code == 0 ? 5 : code, null);
        }
    }

    @Override
    public String toString() {
        return "rdma_cm_id " + portSpace + (closed ? " (closed)" : "");
    }
}
