package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.EnumSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SendOpsFlagsTest {

    private final AtomicInteger bits = new AtomicInteger(-1);
    private final SendOps ops = recording();

    @Test
    void oneFlagIsItsBit() {
        ops.wrFlags(SendFlag.SIGNALED);
        assertThat(bits).hasValue(2);
    }

    @Test
    void aSetIsTheOrOfItsBits() {
        ops.wrFlags(EnumSet.of(SendFlag.SIGNALED, SendFlag.SOLICITED, SendFlag.INLINE));
        assertThat(bits).hasValue(2 | 4 | 8);
    }

    @Test
    void anEmptySetClearsTheFlags() {
        ops.wrFlags(EnumSet.noneOf(SendFlag.class));
        assertThat(bits).hasValue(0);
    }

    @Test
    void srqOperationFlagsFromASet() {
        assertThat(new SrqOperation(1).flags(EnumSet.of(OpsFlag.SIGNALED, OpsFlag.TM_SYNC)).flags()).isEqualTo(3);
    }

    /** A SendOps whose only abstract method that works is wrFlags(int), which records its argument. */
    private SendOps recording() {
        return (SendOps) Proxy.newProxyInstance(SendOps.class.getClassLoader(), new Class<?>[] {SendOps.class},
                (proxy, method, args) -> {
                    if (method.isDefault()) {
                        return InvocationHandler.invokeDefault(proxy, method, args);
                    }
                    bits.set((Integer) args[0]);
                    return proxy;
                });
    }
}
