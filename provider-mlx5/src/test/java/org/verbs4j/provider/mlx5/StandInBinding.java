package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.CqAttrs;
import org.verbs4j.provider.generic.vendor.CqCreation;
import org.verbs4j.provider.generic.vendor.QpCreation;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;
import org.verbs4j.provider.mlx5.raw.Mlx5Library;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn;
import org.verbs4j.provider.mlx5.standin.StandInLibrary;

/**
 * The binding pointed at the stand-in libmlx5 of a release by path (as {@code verbs4j.mlx5.library} points
 * it), with the stand-in's own context, PD and CQ standing in for libibverbs' objects. The hooks of
 * {@link Mlx5DirectVerbs} get the creation records the generic objects would give them; libibverbs' path
 * fails the test if taken.
 */
final class StandInBinding {

    private static final Map<String, StandInBinding> LOADED = new HashMap<>();

    final Release release;
    final Mlx5StandIn standIn;
    final Mlx5Calls calls;
    final Mlx5DirectVerbs verbs;
    final AtomicBoolean ibverbsCalled = new AtomicBoolean();

    private StandInBinding(Release release, Mlx5StandIn standIn, Mlx5Calls calls) {
        this.release = release;
        this.standIn = standIn;
        this.calls = calls;
        this.verbs = new Mlx5DirectVerbs(() -> calls);
    }

    /** @return (release, binding) for every release, the stand-in reset */
    static Stream<Arguments> all() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (Release release : StandInLibrary.releases()) {
            StandInBinding binding = of(release);
            binding.standIn.reset();
            binding.ibverbsCalled.set(false);
            all.add(Arguments.of(release, binding));
        }
        return all.stream();
    }

    private static synchronized StandInBinding of(Release release) throws Exception {
        StandInBinding binding = LOADED.get(release.suite());
        if (binding == null) {
            String path = StandInLibrary.of(release).toString();
            binding = new StandInBinding(release, Mlx5StandIn.load(StandInLibrary.of(release)),
                    new Mlx5Calls(Mlx5Library.load(path, release.major())));
            LOADED.put(release.suite(), binding);
        }
        return binding;
    }

    /** @return the persona's caps, through the binding's query */
    Mlx5DeviceAttributes caps() {
        return DeviceQuery.query(calls, standIn.context());
    }

    /** @return a creation of a CQ of 16 entries on the stand-in context, the attributes written by the generic writer */
    CqCreation cqCreation(Arena call) {
        CqInitAttributes attributes = CqInitAttributes.builder(16).build();
        MemorySegment attr = call.allocate(Abi.current().ibvCqInitAttrEx);
        CqAttrs.write(Abi.current(), attr, attributes, MemorySegment.NULL, MemorySegment.NULL);
        return new CqCreation(standIn.context(), attr, attributes, call, () -> {
            ibverbsCalled.set(true);
            return MemorySegment.NULL;
        });
    }

    /** @return a creation of a QP of {@code type} with {@code sendOps} on the stand-in context, PD and a CQ */
    QpCreation qpCreation(Arena call, QpType type, Set<SendOpsFlag> sendOps) {
        MemorySegment cq = calls.createCq(standIn.context(), cqCreation(call).initAttr(),
                call.allocate(Mlx5Abi.struct("mlx5dv_cq_init_attr").size(0)), call);
        QpInitAttributes attributes = QpInitAttributes.builder(type, proxy(ProtectionDomain.class, null),
                proxy(CompletionQueue.class, null), new QpCapabilities(4, 4, 1, 1, 0)).sendOpsFlags(sendOps).build();
        String s = "ibv_qp_init_attr_ex";
        MemorySegment attr = call.allocate(Mlx5Abi.struct(s).size(0), 8);
        attr.set(JAVA_LONG, Mlx5Abi.offset(s, "send_cq"), cq.address());
        attr.set(JAVA_LONG, Mlx5Abi.offset(s, "recv_cq"), cq.address());
        attr.set(JAVA_INT, Mlx5Abi.offset(s, "qp_type"), (int) type.value());
        attr.set(JAVA_INT, Mlx5Abi.offset(s, "comp_mask"), sendOps.isEmpty() ? 1 : 1 | 1 << 6);
        attr.set(JAVA_LONG, Mlx5Abi.offset(s, "send_ops_flags"), sendOps.stream().mapToLong(SendOpsFlag::value)
                .reduce(0, (a, b) -> a | b));
        attr.set(JAVA_LONG, Mlx5Abi.offset(s, "pd"), standIn.pd().address());
        return new QpCreation(standIn.context(), attr, attributes, call, () -> {
            ibverbsCalled.set(true);
            return MemorySegment.NULL;
        });
    }

    /**
     * @return a queue pair of the API that is closed when {@code closed} is, whose {@code sendOps()} are
     *     {@code ops}, or the generic refusal if {@code null}
     */
    static QueuePair queuePair(AtomicBoolean closed, SendOps ops) {
        return proxy(QueuePair.class, closed, ops);
    }

    private static <T> T proxy(Class<T> type, AtomicBoolean closed) {
        return proxy(type, closed, null);
    }

    private static <T> T proxy(Class<T> type, AtomicBoolean closed, SendOps ops) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (self, method, args) ->
                switch (method.getName()) {
                    case "isClosed" -> closed != null && closed.get();
                    case "sendOps" -> sendOps(ops);
                    case "hashCode" -> System.identityHashCode(self);
                    case "equals" -> self == args[0];
                    case "toString" -> type.getSimpleName() + " of the stand-in";
                    default -> throw new UnsupportedOperationException(method.getName());
                }));
    }

    /** An address handle of another binding. */
    static final class ForeignAh implements AddressHandle {
        @Override
        public ProtectionDomain protectionDomain() {
            throw new UnsupportedOperationException();
        }

        @Override
        public AhAttributes attributes() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }

        @Override
        public boolean isClosed() {
            return false;
        }
    }

    private static SendOps sendOps(SendOps ops) {
        if (ops == null) {
            throw new UnsupportedVerbException("ibv_qp_to_qp_ex", "the queue pair was created without send-ops flags");
        }
        return ops;
    }

    @Override
    public String toString() {
        return release.suite();
    }
}
