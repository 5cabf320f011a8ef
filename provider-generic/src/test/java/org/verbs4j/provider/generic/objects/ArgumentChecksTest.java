package org.verbs4j.provider.generic.objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.WorkQueue;

/**
 * The argument checks the bad-input sweep found missing on rxe (issue 19), which run before anything native or
 * anything of the context: a null argument is an {@link InvalidArgumentException} naming the C verb, not a
 * NullPointerException from inside the provider. (The context is null here: the checks come first.)
 */
class ArgumentChecksTest {

    private static void refused(ThrowingCallable call, String verb) {
        assertThatThrownBy(call).isInstanceOf(InvalidArgumentException.class)
                .satisfies(e -> assertThat(((InvalidArgumentException) e).operation()).isEqualTo(verb));
    }

    @Test
    void nullCreationAttributes() {
        refused(() -> NativeCompletionQueue.validate(null, null), "ibv_create_cq_ex");
        refused(() -> NativeQueuePair.validate(null, null), "ibv_create_qp_ex");
        refused(() -> NativeSharedReceiveQueue.validate(null, null), "ibv_create_srq_ex");
        refused(() -> NativeWorkQueue.create(null, null), "ibv_create_wq");
        refused(() -> NativeAddressHandle.create(null, null), "ibv_create_ah");
    }

    @Test
    void nullWorkQueuesOfAnIndirectionTable() {
        refused(() -> NativeIndirectionTable.create(null, null), "ibv_create_rwq_ind_table");
        refused(() -> NativeIndirectionTable.create(null, Arrays.asList((WorkQueue) null)),
                "ibv_create_rwq_ind_table");
    }

    @Test
    void nullOrUnresolvedConnectionManagerAddresses() {
        refused(() -> NativeCmId.resolved("rdma_bind_addr", null, "the address"), "rdma_bind_addr");
        refused(() -> NativeCmId.resolved("rdma_resolve_addr", InetSocketAddress.createUnresolved("nowhere", 7471),
                "the destination address"), "rdma_resolve_addr");
        InetSocketAddress ip = new InetSocketAddress("127.0.0.1", 7471);
        assertThat(NativeCmId.resolved("rdma_bind_addr", ip, "the address")).isSameAs(ip);
    }

    @Test
    void connectionManagerTimeoutsAreCappedToAnInt() {
        assertThat(NativeCmId.millis(Duration.ofSeconds(Long.MAX_VALUE))).isEqualTo(Integer.MAX_VALUE);
        assertThat(NativeCmId.millis(Duration.ofSeconds(Long.MIN_VALUE))).isEqualTo(1);
        assertThat(NativeCmId.millis(Duration.ZERO)).isEqualTo(1);
        assertThat(NativeCmId.millis(Duration.ofMillis(2000))).isEqualTo(2000);
    }
}
