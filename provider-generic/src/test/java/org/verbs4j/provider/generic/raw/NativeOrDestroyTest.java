package org.verbs4j.provider.generic.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.VerbsException;

/**
 * {@link Native#orDestroy}, with a Java stand-in for a destroy function (no library needed): a native
 * object whose creation fails after the native call (for a work queue: the mutex and condition set up as
 * the inline {@code ibv_create_wq} does) is destroyed once, and the failure reaches the caller.
 */
class NativeOrDestroyTest {

    private static final MemorySegment OBJECT = MemorySegment.ofAddress(0x2000);
    private static final List<String> CALLS = new CopyOnWriteArrayList<>();
    private static volatile int destroyResult;

    static int destroy(MemorySegment object) {
        CALLS.add("destroy " + Long.toHexString(object.address()));
        return destroyResult;
    }

    private static MethodHandle destroyHandle() throws ReflectiveOperationException {
        return MethodHandles.lookup().findStatic(NativeOrDestroyTest.class, "destroy",
                MethodType.methodType(int.class, MemorySegment.class));
    }

    @BeforeEach
    void reset() {
        CALLS.clear();
        destroyResult = 0;
    }

    @Test
    void stepsThatSucceedLeaveTheObjectAlone() throws ReflectiveOperationException {
        MemorySegment result = Native.orDestroy(destroyHandle(), OBJECT, "ibv_destroy_wq", () -> OBJECT);
        assertThat(result).isEqualTo(OBJECT);
        assertThat(CALLS).isEmpty();
    }

    @Test
    void aFailedStepDestroysTheObjectOnceAndIsRethrown() throws ReflectiveOperationException {
        MethodHandle destroy = destroyHandle();
        IllegalStateException failure = new IllegalStateException("pthread_mutex_init failed");
        assertThatThrownBy(() -> Native.orDestroy(destroy, OBJECT, "ibv_destroy_wq", () -> {
            throw failure;
        })).isSameAs(failure);
        assertThat(CALLS).containsExactly("destroy 2000");
        assertThat(failure.getSuppressed()).isEmpty();
    }

    @Test
    void aFailureToDestroyIsAddedToTheFirstFailure() throws ReflectiveOperationException {
        MethodHandle destroy = destroyHandle();
        destroyResult = 16;
        IllegalStateException failure = new IllegalStateException("pthread_cond_init failed");
        assertThatThrownBy(() -> Native.orDestroy(destroy, OBJECT, "ibv_destroy_wq", () -> {
            throw failure;
        })).isSameAs(failure);
        assertThat(CALLS).containsExactly("destroy 2000");
        assertThat(failure.getSuppressed()).singleElement().isInstanceOf(VerbsException.class)
                .satisfies(suppressed -> assertThat(suppressed.getMessage()).contains("ibv_destroy_wq"));
    }
}
