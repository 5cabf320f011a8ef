package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Proxy;
import java.nio.ByteOrder;
import java.util.HexFormat;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Errno;
import org.verbs4j.Gid;
import org.verbs4j.GlobalRoute;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.VerbsException;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * {@code ibv_init_ah_from_wc} on the soft device with headers of every kind: the device's own (IPv6-shaped, next
 * header UDP), a RoCE v2 IPv4 header whose checksum was computed outside this code base, and the malformed ones
 * rdma-core refuses.
 */
class ReplyAddressTest {

    private static final int QKEY = 0x11111111;
    /**
     * Version 6, traffic class 0, flow label 0x12345, payload length 0, next header UDP, hop limit 64, then 12 zero
     * bytes: what can be in front of the IPv4 header of a RoCE v2 GRH.
     */
    private static final String IPV6_PREFIX = "6001234500001140" + "0".repeat(24);
    /** 10.83.0.9 to 10.83.0.1 (soft0), TOS 0x20, TTL 64, UDP; checksum 0x25aa (RFC 1071, computed by hand). */
    private static final String IPV4 = "4520007400004000401125aa0a5300090a530001";

    private final Rig rig = new Rig();
    private final CompletionQueue cqA = rig.cq(8);
    private final CompletionQueue cqB = rig.cq(8);
    private final QueuePair a = rig.qp(QpType.UD, cqA, 4);
    private final QueuePair b = rig.qp(QpType.UD, cqB, 4);
    private final MemoryRegion mr = rig.region(4096);

    ReplyAddressTest() {
        rig.toRtsUd(a, QKEY);
        rig.toRtsUd(b, QKEY);
        AddressHandle toSoft0 = rig.pd.createAddressHandle(rig.addressOf(rig.context));
        Rig.postRecv(b, 1, mr, 0, 40 + 8);
        var ops = a.sendOps();
        ops.start();
        ops.wrId(2).send().setUdAddr(toSoft0, b.qpNum(), QKEY).setSge(mr.lkey(), mr.address() + 1024, 8);
        ops.complete();
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    /** Applies {@code action} to cqB while the UD receive is current. */
    private <T> T atReceive(Function<CompletionQueue, T> action) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!cqB.startPoll()) {
            assertThat(System.nanoTime()).isLessThan(deadline);
        }
        try {
            return action.apply(cqB);
        } finally {
            cqB.endPoll();
        }
    }

    private AhAttributes replyTo(MemorySegment grh) {
        return atReceive(cq -> rig.context.initAhFromCompletion(1, cq, grh));
    }

    private static MemorySegment header(String hex) {
        return MemorySegment.ofArray(HexFormat.of().parseHex(hex));
    }

    @Test
    void theDevicesOwnHeaderLeadsBackToTheSender() {
        AhAttributes reply = replyTo(mr.segment());
        Gid sender = rig.context.queryGid(1, 0);
        assertThat(reply.grh()).isEqualTo(new GlobalRoute(sender, 0, 0, 64, 0));
        assertThat(reply.portNum()).isEqualTo(1);
    }

    @Test
    void aRoceV2Ipv4HeaderWithAValidChecksumIsReadAsIpv4() {
        AhAttributes reply = replyTo(header(IPV6_PREFIX + IPV4));
        Gid ipv4Of10_83_0_9 = Gid.parse("0000:0000:0000:0000:0000:ffff:0a53:0009");
        assertThat(rig.context.queryGid(1, 1)).isEqualTo(Gid.parse("0000:0000:0000:0000:0000:ffff:0a53:0001"));
        assertThat(reply.grh()).isEqualTo(new GlobalRoute(ipv4Of10_83_0_9, 0x12345, 1, 64, 0x20));
    }

    @Test
    void aWrongChecksumMakesTheHeaderIpv6WhoseDestinationIsNoGidOfThePort() {
        String corrupted = IPV4.replace("25aa", "25ab");
        assertThatThrownBy(() -> replyTo(header(IPV6_PREFIX + corrupted)))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("ibv_init_ah_from_wc")
                .hasMessageContaining("no GID of port 1");
    }

    @Test
    void anIpv4MulticastDestinationIsInvalid() {
        String toMulticast = "4520007400004000401100000a530009e0000001";
        assertThatThrownBy(() -> replyTo(header("45000000" + "0".repeat(32) + toMulticast)))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("multicast");
    }

    @Test
    void anIpv6MulticastDestinationIsInvalid() {
        MemorySegment grh = copyOfReceivedHeader();
        grh.set(ValueLayout.JAVA_BYTE, 24, (byte) 0xff);
        assertThatThrownBy(() -> replyTo(grh)).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("multicast");
    }

    @Test
    void aNextHeaderOtherThanUdpOrIbIsNotSupported() {
        MemorySegment grh = copyOfReceivedHeader();
        grh.set(ValueLayout.JAVA_BYTE, 6, (byte) 6);
        assertThatThrownBy(() -> replyTo(grh)).isInstanceOfSatisfying(VerbsException.class,
                e -> assertThat(e.errno()).isEqualTo(Errno.EPROTONOSUPPORT.code()));
    }

    @Test
    void aHeaderNeitherIpv6NorIpv4IsNotSupported() {
        assertThatThrownBy(() -> replyTo(header("0".repeat(80)))).isInstanceOfSatisfying(VerbsException.class,
                e -> assertThat(e.errno()).isEqualTo(Errno.EPROTONOSUPPORT.code()));
    }

    @Test
    void withoutIbvWcGrhTheAddressIsLocalAndTheHeaderIsNotRead() {
        CompletionQueue withoutGrh = (CompletionQueue) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {CompletionQueue.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "status" -> WcStatus.SUCCESS;
                    case "readOpcode" -> WcOpcode.RECV;
                    case "readWcFlags" -> 0;
                    case "readSlid" -> 0x1234;
                    case "readSl" -> 5;
                    case "readDlidPathBits" -> 3;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        assertThat(rig.context.initAhFromCompletion(1, withoutGrh, null))
                .isEqualTo(new AhAttributes(null, 0x1234, 5, 3, 0, 1));
        long wrId = atReceive(CompletionQueue::wrId);
        assertThat(wrId).isEqualTo(1);
    }

    private MemorySegment copyOfReceivedHeader() {
        MemorySegment copy = MemorySegment.ofArray(new byte[40]);
        copy.copyFrom(mr.segment().asSlice(0, 40));
        assertThat(copy.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), 0) >>> 28).isEqualTo(6);
        return copy;
    }
}
