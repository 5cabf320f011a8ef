package org.verbs4j.provider.efa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.Errno;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.Verbs;
import org.verbs4j.provider.efa.raw.EfaAbi;
import org.verbs4j.provider.efa.raw.EfaSymbol;
import org.verbs4j.provider.efa.raw.Efadv;
import org.verbs4j.provider.efa.raw.Libefa;
import org.verbs4j.provider.generic.vendor.NativeHandle;

/**
 * On a device that is not EFA (rxe0 in the VM, with the real libefa of its rdma-core): the efa provider does not
 * claim it, and every efadv verb on its objects is an {@link UnsupportedVerbException} naming the verb, with the
 * EOPNOTSUPP libefa returns (positive, NULL and errno, or a negative depth) or, for a function the release lacks,
 * the release. Without a device the tests are aborted, unless {@code verbs4j.test.requireDevice=true}.
 */
class EfaOnRxeTest {

    private static final int EOPNOTSUPP = Errno.EOPNOTSUPP.code();

    @Test
    void theEfaProviderDoesNotClaimTheDevice() {
        Device device = device();
        EfaProvider provider = new EfaProvider();
        assertThat(provider.devices()).isEmpty();
        assertThat(provider.availability().available()).isFalse();
        assertThat(provider.availability().reason()).contains(device.name()).contains("not EFA devices");
    }

    @Test
    void efadvQueriesOfTheDeviceAreUnsupported() {
        try (Context context = device().open(); Arena call = Arena.ofConfined()) {
            MemorySegment pointer = NativeHandle.of(context, "test");
            Efadv efadv = new Efadv(Libefa.get());
            assertUnsupported(() -> efadv.queryDevice(pointer, Efadv.allocate(call, EfaAbi.DEVICE_ATTR), call),
                    "efadv_query_device");
            assertUnsupported(() -> new EfaDirectVerbs(Libefa::get).queryDevice(context, pointer), "efadv_query_device");
            EfaContext view = new EfaContext(context, efadv, null);
            assertDepthUnsupported(() -> view.maxSqDepth(new SqDepthRequest(1, 1, 0, false)), "efadv_get_max_sq_depth");
            assertDepthUnsupported(() -> view.maxRqDepth(1), "efadv_get_max_rq_depth");
            assertThatThrownBy(() -> view.maxRqDepth(0)).isInstanceOf(InvalidArgumentException.class);
        }
    }

    @Test
    void efadvCreatorsOnTheDeviceAreUnsupportedAndCreateNothing() {
        try (Context context = device().open(); Arena call = Arena.ofConfined()) {
            MemorySegment pointer = NativeHandle.of(context, "test");
            Efadv efadv = new Efadv(Libefa.get());
            MemorySegment initAttr = call.allocate(256, 8);
            assertUnsupported(() -> efadv.createCq(pointer, initAttr, Efadv.allocate(call, EfaAbi.CQ_INIT_ATTR), call),
                    "efadv_create_cq");
            assertUnsupported(() -> efadv.createQpEx(pointer, initAttr, Efadv.allocate(call, EfaAbi.QP_INIT_ATTR), call),
                    "efadv_create_qp_ex");
            try (ProtectionDomain pd = context.allocateProtectionDomain()) {
                assertUnsupported(() -> efadv.createDriverQp(NativeHandle.of(pd, "test"), initAttr, 0, call),
                        "efadv_create_driver_qp");
            }
        }
    }

    @Test
    void anMrQueryOnTheDeviceIsUnsupported() {
        try (Context context = device().open(); ProtectionDomain pd = context.allocateProtectionDomain();
                Arena memory = Arena.ofConfined()) {
            MemoryRegion mr = pd.registerMemory(memory.allocate(4096, 4096), Set.of(AccessFlag.LOCAL_WRITE));
            try (mr) {
                EfaContext view = new EfaContext(context, new Efadv(Libefa.get()), null);
                if (Libefa.get().has(EfaSymbol.EFADV_QUERY_MR)) {
                    assertUnsupported(() -> view.queryMr(mr), "efadv_query_mr");
                } else {
                    assertThatThrownBy(() -> view.queryMr(mr)).isInstanceOf(UnsupportedVerbException.class)
                            .hasMessageContaining("efadv_query_mr").hasMessageContaining("since rdma-core 50");
                }
            }
        }
    }

    /** EOPNOTSUPP from libefa's own check of the device. */
    private static void assertUnsupported(ThrowingCallable call, String verb) {
        assertThatThrownBy(call).isInstanceOf(UnsupportedVerbException.class).hasMessageContaining(verb)
                .satisfies(e -> assertThat(((UnsupportedVerbException) e).errno()).isEqualTo(EOPNOTSUPP));
    }

    /** -EOPNOTSUPP from 63 on; before, the release has no such function. */
    private static void assertDepthUnsupported(ThrowingCallable call, String verb) {
        if (Libefa.get().has(EfaSymbol.EFADV_GET_MAX_SQ_DEPTH)) {
            assertUnsupported(call, verb);
        } else {
            assertThatThrownBy(call).isInstanceOf(UnsupportedVerbException.class).hasMessageContaining(verb)
                    .hasMessageContaining("since rdma-core 63");
        }
    }

    private static Device device() {
        String wanted = System.getProperty("verbs4j.test.device", System.getenv().getOrDefault("RXE_DEV", ""));
        if (wanted.isEmpty()) {
            return noDevice("no non-EFA device named (RXE_DEV or verbs4j.test.device)");
        }
        List<Device> devices = Verbs.devices();
        return devices.stream().filter(d -> d.name().equals(wanted)).findFirst()
                .orElseGet(() -> noDevice("no RDMA device named " + wanted + " in " + devices));
    }

    private static Device noDevice(String reason) {
        if (Boolean.getBoolean("verbs4j.test.requireDevice")) {
            fail(reason);
        }
        Assumptions.abort(reason);
        return null;
    }
}
