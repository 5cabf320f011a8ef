package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.Verbs;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.CqAttrs;
import org.verbs4j.provider.generic.raw.RdmaCoreVersion;
import org.verbs4j.provider.generic.vendor.CqCreation;
import org.verbs4j.provider.generic.vendor.MrRegistration;
import org.verbs4j.provider.generic.vendor.NativeHandle;
import org.verbs4j.provider.generic.vendor.QpCreation;
import org.verbs4j.provider.generic.vendor.SendBatch;
import org.verbs4j.provider.generic.vendor.VendorRegistrar;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;
import org.verbs4j.provider.mlx5.raw.Mlx5Library;

/**
 * The real libmlx5 on a device that is not mlx5 (rxe0 in the VM, through the generic provider): mlx5 does not
 * claim it, and every mlx5dv call of the binding on its context is an {@link UnsupportedVerbException}, as
 * libmlx5 answers EOPNOTSUPP (also {@code mlx5dv_reg_dmabuf_mr} through the registration hook, and a vendor
 * registration on the generic device, whose hook has no such path); {@code mlx5dv_init_obj} without an object gives EINVAL; the generic device reports
 * no vendor attributes. The seam the DC view relies on, on the generic objects: the send ops number the batch
 * a thread holds, and a vendor call holds its object open against a close. Without a device the tests abort,
 * unless {@code verbs4j.test.requireDevice=true}.
 */
class RxeDeviceTest {

    private static final long OBJ_CQ = 2;
    private static final long OBJ_CQ_IN = 16;
    private static final long OBJ_SIZE = 128;

    @Test
    void mlx5DoesNotClaimTheDevice() {
        Device device = device();

        Mlx5Provider mlx5 = new Mlx5Provider();

        assertThat(mlx5.devices()).extracting(Device::name).doesNotContain(device.name());
        assertThat(mlx5.availability().available()).isFalse();
        assertThat(mlx5.availability().reason()).contains(device.name());
    }

    @Test
    void theLoadedReleaseIsLibibverbs() {
        device();

        assertThat(Mlx5Library.system().release()).isEqualTo(RdmaCoreVersion.loaded());
    }

    @Test
    void everyMlx5dvCallOnTheContextIsUnsupported() {
        Mlx5Calls calls = new Mlx5Calls(Mlx5Library.system());
        try (Context context = Verbs.open(device().name()); Arena call = Arena.ofConfined()) {
            MemorySegment pointer = NativeHandle.of(context, "test");

            assertUnsupported(() -> DeviceQuery.query(calls, pointer), "mlx5dv_query_device");
            assertUnsupported(() -> Mlx5Context.clockInfo(calls, pointer), "mlx5dv_get_clock_info");
            assertUnsupported(() -> Mlx5Context.queryPort(calls, pointer, 1), "_mlx5dv_query_port");
            assertUnsupported(() -> Mlx5Context.dataDirectSysfsPath(calls, pointer), "mlx5dv_get_data_direct_sysfs_path");
            assertUnsupported(() -> createCq(calls, pointer, call), "mlx5dv_create_cq");
            try (ProtectionDomain pd = context.allocateProtectionDomain();
                    CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(8).build())) {
                assertUnsupported(() -> createDci(calls, pointer, pd, cq, call), "mlx5dv_create_qp");
                assertThat(initObjCq(calls, cq, call)).as("mlx5dv_init_obj(CQ)").isEqualTo(95);
            }
            assertThat(calls.initObj(call.allocate(OBJ_SIZE), 0)).as("mlx5dv_init_obj(obj, 0)").isEqualTo(22);
        }
    }

    @Test
    void aDmabufRegistrationOnTheContextIsUnsupported() {
        Mlx5DirectVerbs verbs = new Mlx5DirectVerbs(() -> new Mlx5Calls(Mlx5Library.system()));
        Mlx5DmabufRegion region = new Mlx5DmabufRegion(0, 0, 4096, 0x10000);
        try (Context context = Verbs.open(device().name()); ProtectionDomain pd = context.allocateProtectionDomain();
                Arena call = Arena.ofConfined()) {
            MrRegistration registration = new MrRegistration(NativeHandle.of(pd, "test"), region.iova(),
                    region.length(), 1, call, () -> fail("the generic path was taken"));

            assertUnsupported(() -> Requests.withMr(new Requests.Mr(region, Set.of(Mlx5DmabufAccess.DATA_DIRECT)),
                    () -> verbs.registerMr(registration)), "mlx5dv_reg_dmabuf_mr");
            assertUnsupported(() -> ((VendorRegistrar) pd).registerVendorMemory("mlx5dv_reg_dmabuf_mr",
                    region.iova(), region.length(), Set.of(AccessFlag.LOCAL_WRITE)), "mlx5dv_reg_dmabuf_mr");
        }
    }

    @Test
    void theGenericSendOpsNumberTheBatchEachThreadHolds() throws Exception {
        try (Context context = Verbs.open(device().name());
                ProtectionDomain pd = context.allocateProtectionDomain();
                CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(8).build());
                QueuePair qp = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                        new QpCapabilities(4, 4, 1, 1, 0)).sendOpsFlags(Set.of(SendOpsFlag.SEND)).build())) {
            SendBatch batch = (SendBatch) qp.sendOps();
            Thread self = Thread.currentThread();

            assertThat(batch.batchHeldBy(self)).as("before start").isZero();
            qp.sendOps().start();
            long first = batch.batchHeldBy(self);
            long onOtherThread = CompletableFuture.supplyAsync(() -> batch.batchHeldBy(Thread.currentThread())).get();
            qp.sendOps().abort();
            long afterAbort = batch.batchHeldBy(self);
            qp.sendOps().start();
            long second = batch.batchHeldBy(self);
            qp.sendOps().abort();

            assertThat(first).isPositive();
            assertThat(onOtherThread).isZero();
            assertThat(afterAbort).isZero();
            assertThat(second).isEqualTo(first + 1);
        }
    }

    @Test
    void aVendorCallHoldsTheObjectOpenAgainstACloseFromAnotherThread() throws Exception {
        try (Context context = Verbs.open(device().name())) {
            ProtectionDomain pd = context.allocateProtectionDomain();
            NativeHandle handle = (NativeHandle) pd;

            handle.enterCall("test");
            CompletableFuture<Void> closing = CompletableFuture.runAsync(pd::close);
            Thread.sleep(300);
            boolean closedWhileHeld = closing.isDone();
            handle.leaveCall();
            closing.get(10, TimeUnit.SECONDS);

            assertThat(closedWhileHeld).as("the close finished while the call held the object").isFalse();
            assertThat(pd.isClosed()).isTrue();
            assertThatThrownBy(() -> handle.enterCall("mlx5dv_test")).isInstanceOf(ClosedObjectException.class)
                    .hasMessageContaining("mlx5dv_test");
        }
    }

    @Test
    void openingItWithMlx5OptionsIsUnsupported() {
        String name = device().name();

        assertThatThrownBy(() -> Mlx5Context.open(name, Mlx5OpenOptions.DEVX)).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("mlx5dv_open_device").hasMessageContaining(name);
    }

    @Test
    void theGenericDeviceReportsNoVendorAttributes() {
        try (Context context = Verbs.open(device().name())) {
            assertThat(context.vendorAttributes()).isEmpty();
        }
    }

    private static Object createCq(Mlx5Calls calls, MemorySegment context, Arena call) {
        CqInitAttributes attributes = CqInitAttributes.builder(8).build();
        MemorySegment attr = call.allocate(Abi.current().ibvCqInitAttrEx);
        CqAttrs.write(Abi.current(), attr, attributes, MemorySegment.NULL, MemorySegment.NULL);
        CqCreation creation = new CqCreation(context, attr, attributes, call, () -> fail("libibverbs called"));
        Mlx5DirectVerbs verbs = new Mlx5DirectVerbs(() -> calls);
        return Requests.withCq(new Requests.Cq(Mlx5CqOptions.DEFAULT.withCqeSize(64), permissiveCaps()),
                () -> verbs.createCq(creation));
    }

    private static Object createDci(Mlx5Calls calls, MemorySegment context, ProtectionDomain pd, CompletionQueue cq,
            Arena call) {
        QpInitAttributes attributes = QpInitAttributes.builder(QpType.DRIVER, pd, cq, new QpCapabilities(4, 4, 1, 1, 0))
                .build();
        var layout = Abi.current().ibvQpInitAttrEx;
        MemorySegment attr = call.allocate(layout);
        attr.set(ADDRESS, Abi.offset(layout, "send_cq"), NativeHandle.of(cq, "test"));
        attr.set(ADDRESS, Abi.offset(layout, "recv_cq"), NativeHandle.of(cq, "test"));
        attr.set(JAVA_INT, Abi.offset(layout, "qp_type"), (int) QpType.DRIVER.value());
        attr.set(JAVA_INT, Abi.offset(layout, "comp_mask"), 1);
        attr.set(ADDRESS, Abi.offset(layout, "pd"), NativeHandle.of(pd, "test"));
        QpCreation creation = new QpCreation(context, attr, attributes, call, () -> fail("libibverbs called"));
        Mlx5DirectVerbs verbs = new Mlx5DirectVerbs(() -> calls);
        return Requests.withQp(new Requests.Qp(Mlx5QpOptions.dci(), permissiveCaps()), () -> verbs.createQp(creation));
    }

    private static int initObjCq(Mlx5Calls calls, CompletionQueue cq, Arena call) {
        MemorySegment obj = call.allocate(OBJ_SIZE, 8);
        obj.set(ADDRESS, OBJ_CQ_IN, NativeHandle.of(cq, "test"));
        obj.set(ADDRESS, OBJ_CQ_IN + 8, call.allocate(64, 8));
        return calls.initObj(obj, OBJ_CQ);
    }

    /** Caps that let every option through Java's checks, so that libmlx5 itself answers. */
    private static Mlx5DeviceAttributes permissiveCaps() {
        return new Mlx5DeviceAttributes(1, -1L, -1L, 64, 7, 0, 0, false, 0, 8, 8, 0, 0, 0, Mlx5OutOfOrderCaps.NONE);
    }

    private static void assertUnsupported(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String verb) {
        assertThatThrownBy(call).isInstanceOf(UnsupportedVerbException.class).hasMessageContaining(verb)
                .satisfies(e -> assertThat(((VerbsException) e).errno()).as("EOPNOTSUPP").isEqualTo(95));
    }

    private static Device device() {
        String wanted = Optional.ofNullable(System.getenv("RXE_DEV")).orElse(System.getProperty("verbs4j.test.device", ""));
        List<Device> devices;
        try {
            devices = Verbs.devices();
        } catch (UnsupportedVerbException e) {
            devices = List.of();
        }
        Optional<Device> device = devices.stream().filter(d -> wanted.isEmpty() || d.name().equals(wanted)).findFirst();
        if (device.isEmpty()) {
            String reason = "no RDMA device" + (wanted.isEmpty() ? "" : " named " + wanted) + ": " + devices;
            if (Boolean.getBoolean("verbs4j.test.requireDevice")) {
                fail(reason);
            }
            Assumptions.abort(reason);
        }
        return device.get();
    }
}
