package org.verbs4j.provider.mlx5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Proxy;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.generic.vendor.NativeHandle;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;

/**
 * Misuse of {@link Mlx5Context}'s verbs and of the options against the stand-in of each release: a closed
 * context, a port below 1, a {@code struct mlx5dv_obj} that is too small, on the heap, freed or asks unknown
 * types, missing options. Each is a typed exception naming the verb, and libmlx5 is not called; a verb that
 * does call it holds the context open for the call.
 */
class ContextMisuseTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void eachVerbHoldsTheContextOpenForItsCall(Release release, StandInBinding binding) {
        StandInContext context = new StandInContext(binding);
        Mlx5Context mlx5 = context.mlx5();

        mlx5.clockInfo();
        mlx5.queryPort(1);
        assertThat(mlx5.initObjRaw(binding.standIn.allocate(objSize(release)), 0)).isEqualTo(22);

        assertThat(context.entered.get()).isEqualTo(3);
        assertThat(context.left.get()).isEqualTo(3);
        assertThat(binding.standIn.calls(Entry.INIT_OBJ)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void aClosedContextIsRefusedBeforeLibmlx5(Release release, StandInBinding binding) {
        StandInContext context = new StandInContext(binding);
        Mlx5Context mlx5 = context.mlx5();
        context.closed.set(true);

        assertClosed(mlx5::clockInfo, "mlx5dv_get_clock_info");
        assertClosed(() -> mlx5.queryPort(1), "mlx5dv_query_port");
        assertClosed(() -> mlx5.initObjRaw(binding.standIn.allocate(objSize(release)), 0), "mlx5dv_init_obj");
        assertThat(binding.standIn.calls(Entry.GET_CLOCK_INFO) + binding.standIn.calls(Entry.QUERY_PORT)
                + binding.standIn.calls(Entry.INIT_OBJ)).isZero();
        assertThat(context.entered.get()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void badArgumentsAreRefusedBeforeLibmlx5(Release release, StandInBinding binding) {
        Mlx5Context mlx5 = new StandInContext(binding).mlx5();
        MemorySegment freed;
        try (Arena gone = Arena.ofConfined()) {
            freed = gone.allocate(128, 8);
        }
        MemorySegment freedObj = freed;

        assertInvalid(() -> mlx5.queryPort(0), "mlx5dv_query_port", "port 0 is below 1");
        assertInvalid(() -> mlx5.initObjRaw(binding.standIn.allocate(objSize(release) - 8), 0), "mlx5dv_init_obj",
                "at least " + objSize(release) + " bytes");
        assertInvalid(() -> mlx5.initObjRaw(MemorySegment.ofArray(new byte[128]), 0), "mlx5dv_init_obj", "native");
        assertInvalid(() -> mlx5.initObjRaw(freedObj, 0), "mlx5dv_init_obj", "live");
        assertInvalid(() -> mlx5.initObjRaw(null, 0), "mlx5dv_init_obj", "live");
        assertInvalid(() -> mlx5.initObjRaw(binding.standIn.allocate(128), 1L << 8), "mlx5dv_init_obj", "0x100");
        if (release.major() < 54) {
            assertInvalid(() -> mlx5.initObjRaw(binding.standIn.allocate(128), Mlx5Abi.constant("MLX5DV_OBJ_DEVX")),
                    "mlx5dv_init_obj", "does not know");
        }
        assertInvalid(() -> mlx5.createCompletionQueue(CqInitAttributes.builder(4).build(), null),
                "mlx5dv_create_cq", "missing");
        assertInvalid(() -> mlx5.createQueuePair(null, null), "mlx5dv_create_qp", "missing");
        assertThat(binding.standIn.calls(Entry.QUERY_PORT) + binding.standIn.calls(Entry.INIT_OBJ)
                + binding.standIn.calls(Entry.CREATE_CQ) + binding.standIn.calls(Entry.CREATE_QP)).isZero();
    }

    @Test
    void optionsOutsideTheirCTypesOrMissingAreRefused() {
        assertInvalid(() -> Mlx5QpOptions.dci().withStreams(-1, 0), "mlx5dv_create_qp", "0 to 255");
        assertInvalid(() -> Mlx5QpOptions.dci().withStreams(1, 256), "mlx5dv_create_qp", "0 to 255");
        assertInvalid(() -> new Mlx5QpOptions(null, 0, Optional.empty(), Set.of()), "mlx5dv_create_qp", "given");
        assertInvalid(() -> Mlx5QpOptions.NONE.withCreateFlags(null), "mlx5dv_create_qp", "given");
        assertInvalid(() -> new Mlx5CqOptions(0, null, false), "mlx5dv_create_cq", "compression");
        assertInvalid(() -> Mlx5CqOptions.DEFAULT.withCompression(null), "mlx5dv_create_cq", "format");
        assertInvalid(() -> Mlx5Context.open("mlx5_0", null), "mlx5dv_open_device", "missing");
    }

    private static long objSize(Release release) {
        return Mlx5Abi.struct("mlx5dv_obj").size(release.major());
    }

    private static void assertClosed(Runnable verb, String name) {
        assertThatThrownBy(verb::run).isInstanceOf(ClosedObjectException.class).hasMessageContaining(name);
    }

    private static void assertInvalid(Runnable verb, String name, String detail) {
        assertThatThrownBy(verb::run).isInstanceOf(InvalidArgumentException.class).hasMessageContaining(name)
                .hasMessageContaining(detail);
    }

    /** A context of the binding over the stand-in's, as a vendor verb sees it, counting the calls it is held for. */
    private static final class StandInContext {
        final AtomicBoolean closed = new AtomicBoolean();
        final AtomicInteger entered = new AtomicInteger();
        final AtomicInteger left = new AtomicInteger();
        private final StandInBinding binding;

        StandInContext(StandInBinding binding) {
            this.binding = binding;
        }

        Mlx5Context mlx5() {
            Context context = (Context) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {Context.class, NativeHandle.class}, (self, method, args) ->
                            switch (method.getName()) {
                                case "isClosed" -> closed.get();
                                case "pointer" -> binding.standIn.context();
                                case "enterCall" -> enter((String) args[0]);
                                case "leaveCall" -> leave();
                                default -> throw new UnsupportedOperationException(method.getName());
                            });
            return new Mlx5Context(context, binding.calls, binding.caps());
        }

        private Object leave() {
            left.incrementAndGet();
            return null;
        }

        private Object enter(String verb) {
            if (closed.get()) {
                throw new ClosedObjectException(verb, "the context is closed");
            }
            entered.incrementAndGet();
            return null;
        }
    }
}
