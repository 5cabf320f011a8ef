package org.verbs4j.provider.generic.objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.generic.raw.AhAttrs;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Ibverbs;

/**
 * The {@code struct ibv_wc} and {@code struct ibv_grh} the binding passes to {@code ibv_init_ah_from_wc}, read by the
 * real libibverbs of this machine: for a completion without {@code IBV_WC_GRH} it reads only the completion and the
 * header's first word (never the context, so none is needed), which shows where the binding put each member.
 */
class ReplyRouteTest {

    private final Ibverbs ib = Ibverbs.get();

    private static CompletionQueue completion(WcStatus status, WcOpcode opcode, int wcFlags) {
        return (CompletionQueue) Proxy.newProxyInstance(ReplyRouteTest.class.getClassLoader(),
                new Class<?>[] {CompletionQueue.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "status" -> status;
                    case "readOpcode" -> opcode;
                    case "readWcFlags" -> wcFlags;
                    case "readSlid" -> 0xbeef;
                    case "readSl" -> 0xa;
                    case "readDlidPathBits" -> 0x7f;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void withoutGrhLibibverbsMakesALocalAddressFromTheCompletion() throws Throwable {
        try (Arena call = Arena.ofConfined()) {
            ReplyRoute route = ReplyRoute.of(ib.abi(), call, "test", completion(WcStatus.SUCCESS, WcOpcode.RECV, 0),
                    null);
            MemorySegment attr = call.allocate(ib.abi().ibvAhAttr);
            MemorySegment errno = ErrnoCapture.allocate(call);
            int rc = (int) ib.initAhFromWc.invokeExact(errno, MemorySegment.NULL, (byte) 2, route.wc(), route.grh(),
                    attr);
            assertThat(rc).isZero();
            assertThat(AhAttrs.read(ib.abi(), attr, 0)).isEqualTo(new AhAttributes(null, 0xbeef, 0xa, 0x7f, 0, 2));
        }
    }

    @Test
    void aCompletionWithGrhNeedsAHeaderOfFortyBytes() {
        CompletionQueue withGrh = completion(WcStatus.SUCCESS, WcOpcode.RECV, (int) WcFlag.GRH.value());
        try (Arena call = Arena.ofConfined()) {
            assertThatThrownBy(() -> ReplyRoute.of(ib.abi(), call, "test", withGrh, null))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("GRH");
            assertThatThrownBy(() -> ReplyRoute.of(ib.abi(), call, "test", withGrh, MemorySegment.ofArray(new byte[39])))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("39 bytes");
            byte[] header = new byte[40];
            header[39] = 0x5a;
            ReplyRoute route = ReplyRoute.of(ib.abi(), call, "test", withGrh, MemorySegment.ofArray(header));
            assertThat(route.grh().byteSize()).isEqualTo(40);
            assertThat(route.grh().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 39)).isEqualTo((byte) 0x5a);
        }
    }

    @Test
    void onlyASuccessfulReceiveMakesAReplyAddress() {
        try (Arena call = Arena.ofConfined()) {
            assertThatThrownBy(() -> ReplyRoute.of(ib.abi(), call, "test",
                    completion(WcStatus.SUCCESS, WcOpcode.SEND, 0), null)).hasMessageContaining("not a receive");
            assertThatThrownBy(() -> ReplyRoute.of(ib.abi(), call, "test",
                    completion(WcStatus.LOC_LEN_ERR, WcOpcode.RECV, 0), null)).hasMessageContaining("not successful");
        }
    }
}
