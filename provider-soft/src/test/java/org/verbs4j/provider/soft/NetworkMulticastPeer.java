package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Gid;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The JVM of {@link NetworkMulticastTest}: soft0 and soft1 are on the network at 127.0.0.1 and 127.0.0.2, separate
 * hosts ({@code verbs4j.soft.separate-hosts}: a datagram between them is a RoCE v2 packet on their UDP sockets) or
 * not (it meets the members inside the JVM, with the GRH of the JVM's datagrams, and the copy the network brings
 * back is dropped). Two UD queue pairs of soft1 with the Q_Key, one with another Q_Key, and the sender of soft0
 * itself attach to the group; the sender sends one datagram with immediate data to the group (QPN 0xFFFFFF). Both
 * queue pairs of soft1 with the Q_Key receive it, with the GRH rxe gives (the IPv4 header from 127.0.0.1 to the
 * group, between separate hosts), the sender's QPN and the immediate data; so does the sender (its host loops its
 * multicast back, as rxe's does); the one with the other Q_Key receives nothing, and none receives a second copy.
 * Then soft1's queue pairs detach (its host leaves the group) and a second datagram reaches the sender alone.
 * Prints the sender's QPN, then one line per check that failed and exits 1, or "PASS".
 *
 * <p>Usage: {@code GROUP} (an IPv4 multicast address).
 */
final class NetworkMulticastPeer {

    static final int QKEY = 0x11111111;
    static final int OTHER_QKEY = 0x22222222;
    static final int SIZE = 77;
    static final int IMMEDIATE = 0x5EED0001;
    private static final Duration QUIET = Duration.ofSeconds(1);
    /** Whether the datagrams cross the network: then the GRH is the packet's IP header, as rxe gives it. */
    private static final boolean SEPARATE_HOSTS = Boolean.getBoolean("verbs4j.soft.separate-hosts");

    private final Rig sending = new Rig(0);
    private final Rig receiving = new Rig(1);
    private final Member sender = new Member(sending, QKEY);
    private final Member first = new Member(receiving, QKEY);
    private final Member second = new Member(receiving, QKEY);
    private final Member otherKey = new Member(receiving, OTHER_QKEY);
    private final StringBuilder failures = new StringBuilder();
    private final Gid mgid;
    private final InetAddress group;

    private NetworkMulticastPeer(InetAddress group) {
        this.group = group;
        this.mgid = Gid.of(group);
    }

    public static void main(String[] args) throws Exception {
        NetworkMulticastPeer peer = new NetworkMulticastPeer(InetAddress.getByName(args[0]));
        System.out.println("0x" + Integer.toHexString(peer.sender.qp.qpNum()));
        System.out.flush();
        peer.run();
        System.out.println(peer.failures.isEmpty() ? "PASS" : peer.failures);
        System.exit(peer.failures.isEmpty() ? 0 : 1);
    }

    private void run() {
        Member[] all = {sender, first, second, otherKey};
        for (Member member : all) {
            member.qp.attachMulticast(mgid, 0);
            Rig.postRecv(member.qp, 1, member.buffer, 0, 40 + SIZE);
            Rig.postRecv(member.qp, 2, member.buffer, 0, 40 + SIZE);
        }
        AddressHandle toGroup = sending.pd.createAddressHandle(AhAttributes.global(mgid, 1, 1));
        send(toGroup, 1);
        for (Member member : new Member[] {first, second, sender}) {
            checkReceived(member, 1);
        }
        checkNothing("the QP with another Q_Key", otherKey);
        checkNothing("a second copy at soft1's first QP", first);
        checkNothing("a second copy at the sender", sender);
        for (Member member : new Member[] {first, second, otherKey}) {
            member.qp.detachMulticast(mgid, 0);
        }
        send(toGroup, 2);
        checkReceived(sender, 2);
        checkNothing("a QP detached", first);
        checkNothing("the QP with another Q_Key, detached", otherKey);
        sender.qp.detachMulticast(mgid, 0);
    }

    private void send(AddressHandle toGroup, int seed) {
        Rig.fill(sender.buffer.segment().asSlice(2048, SIZE), seed);
        Rig.postSignaled(sender.qp, sender.buffer, 9, 2048, SIZE,
                ops -> ops.sendWithImm(IMMEDIATE + seed).setUdAddr(toGroup, 0xffffff, QKEY));
        Wc sent = Rig.pollWithin(sender.sendCq, Duration.ofSeconds(5));
        check("send status", sent == null ? null : sent.status(), WcStatus.SUCCESS);
    }

    private void checkReceived(Member member, int seed) {
        String who = member == sender ? "the sender (loopback) " : "soft1's QP 0x" + Integer.toHexString(
                member.qp.qpNum()) + " ";
        Wc wc = Rig.pollWithin(member.recvCq, Duration.ofSeconds(10));
        if (wc == null) {
            failures.append(who).append("received nothing\n");
            return;
        }
        check(who + "status", wc.status(), WcStatus.SUCCESS);
        check(who + "opcode", wc.opcode(), WcOpcode.RECV);
        check(who + "byte_len", wc.byteLen(), 40 + SIZE);
        check(who + "source QPN", wc.srcQp(), sender.qp.qpNum());
        check(who + "immediate", wc.imm(), IMMEDIATE + seed);
        check(who + "GRH flag", (wc.flags() & (int) WcFlag.GRH.value()) != 0, true);
        if (SEPARATE_HOSTS) {
            checkGrh(who, member.buffer.segment());
        }
        MemorySegment expected = member.rig.arena.allocate(SIZE);
        Rig.fill(expected, seed);
        check(who + "payload", member.buffer.segment().asSlice(40, SIZE).mismatch(expected), -1L);
    }

    /** rxe's GRH of RoCE v2 over IPv4: 20 zero bytes, then the IPv4 header, from the sender to the group. */
    private void checkGrh(String who, MemorySegment grh) {
        check(who + "GRH bytes 0-19 zero", Arrays.equals(grh.asSlice(0, 20).toArray(ValueLayout.JAVA_BYTE),
                new byte[20]), true);
        check(who + "IPv4 version and header length", grh.get(ValueLayout.JAVA_BYTE, 20), (byte) 0x45);
        check(who + "IPv4 TTL", grh.get(ValueLayout.JAVA_BYTE, 28), (byte) 64);
        check(who + "IPv4 protocol UDP", grh.get(ValueLayout.JAVA_BYTE, 29), (byte) 17);
        check(who + "IPv4 source", ipv4(grh, 32), "127.0.0.1");
        check(who + "IPv4 destination (the group)", ipv4(grh, 36), group.getHostAddress());
    }

    private static String ipv4(MemorySegment grh, long at) {
        byte[] raw = grh.asSlice(at, 4).toArray(ValueLayout.JAVA_BYTE);
        return (raw[0] & 0xff) + "." + (raw[1] & 0xff) + "." + (raw[2] & 0xff) + "." + (raw[3] & 0xff);
    }

    private void checkNothing(String who, Member member) {
        Wc wc = Rig.pollWithin(member.recvCq, QUIET);
        if (wc != null) {
            failures.append(who).append(" received ").append(wc).append('\n');
        }
    }

    private void check(String what, Object actual, Object expected) {
        if (!expected.equals(actual)) {
            failures.append(what).append(": ").append(actual).append(", expected ").append(expected).append('\n');
        }
    }

    /** A UD queue pair in RTS with its own completion queues and buffer. */
    private static final class Member {

        final Rig rig;
        final CompletionQueue sendCq;
        final CompletionQueue recvCq;
        final QueuePair qp;
        final MemoryRegion buffer;

        Member(Rig rig, int qkey) {
            this.rig = rig;
            this.sendCq = rig.cq(8);
            this.recvCq = rig.cq(8);
            this.qp = rig.context.createQueuePair(QpInitAttributes.builder(QpType.UD, rig.pd, sendCq,
                    new QpCapabilities(8, 8, 1, 1, 0)).recvCq(recvCq)
                    .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.SEND_WITH_IMM)).build());
            this.buffer = rig.region(4096);
            rig.toRtsUd(qp, qkey);
        }
    }
}
