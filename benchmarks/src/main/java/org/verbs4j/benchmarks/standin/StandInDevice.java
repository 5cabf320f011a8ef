package org.verbs4j.benchmarks.standin;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Constructor;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.NodeType;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.TransportType;
import org.verbs4j.provider.generic.GenericProvider;
import org.verbs4j.provider.generic.objects.NativeContext;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.NativeDevice;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ListedDevice;
import org.verbs4j.provider.generic.vendor.NativeHandle;

/**
 * Verbs4J's production objects over the stand-in device: a {@code NativeContext} over its
 * {@code struct ibv_context}, and a {@code NativeProtectionDomain} over its {@code struct ibv_pd}, both built
 * with the constructors the binding uses after {@code ibv_open_device} and {@code ibv_alloc_pd}, reached by
 * reflection (the binding has no test hook, and libibverbs' own functions would reach for a kernel device);
 * completion queues and queue pairs are created through the api as in production. Nothing is ever closed (the
 * destroy functions are libibverbs', which would free what it never allocated), and everything stays reachable
 * until the JVM exits, so that the safety net never destroys it either.
 */
final class StandInDevice {

    private static final List<Object> NEVER_DESTROYED = new CopyOnWriteArrayList<>();

    final Context context;
    final ProtectionDomain pd;

    StandInDevice() throws Throwable {
        MemorySegment contextPointer = (MemorySegment) StandInNative.CONTEXT.invokeExact();
        this.context = keep(newInstance(NativeContext.class, Ibverbs.get(), new ListedDevice(
                new NativeDevice("stand-in", 0, NodeType.CA, TransportType.IB), GenericProvider.ID,
                DirectVerbs.GENERIC), contextPointer, false));
        MemorySegment pdPointer = (MemorySegment) StandInNative.PD.invokeExact(contextPointer);
        Class<?> pdClass = Class.forName("org.verbs4j.provider.generic.objects.NativeProtectionDomain");
        Class<?> resource = Class.forName("org.verbs4j.provider.generic.objects.NativeResource");
        Constructor<?> constructor = pdClass.getDeclaredConstructor(NativeContext.class, MemorySegment.class,
                resource, boolean.class);
        constructor.setAccessible(true);
        this.pd = keep((ProtectionDomain) constructor.newInstance(context, pdPointer, context, false));
    }

    private static <T> T newInstance(Class<T> type, Object... arguments) throws ReflectiveOperationException {
        for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            if (constructor.getParameterCount() == arguments.length) {
                constructor.setAccessible(true);
                return type.cast(constructor.newInstance(arguments));
            }
        }
        throw new IllegalStateException("no constructor of " + arguments.length + " parameters in " + type);
    }

    /** @return a completion queue of {@code cqe} entries that reports the byte count and the QP number */
    CompletionQueue completionQueue(int cqe) {
        return keep(context.createCompletionQueue(CqInitAttributes.builder(cqe)
                .wcFlags(EnumSet.of(CompletionField.BYTE_LEN, CompletionField.QP_NUM)).build()));
    }

    /** @return an RC queue pair for SEND and RDMA_WRITE whose two completion queues are {@code cq} */
    QueuePair queuePair(CompletionQueue cq) {
        return keep(context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                new QpCapabilities(1024, 1024, 2, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND,
                        SendOpsFlag.RDMA_WRITE)).build()));
    }

    /** @return the C pointer of one of these objects */
    static MemorySegment pointer(Object object) {
        return ((NativeHandle) object).pointer();
    }

    private static <T> T keep(T object) {
        NEVER_DESTROYED.add(object);
        return object;
    }
}
