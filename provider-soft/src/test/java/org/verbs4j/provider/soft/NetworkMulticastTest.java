package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.NetworkInterface;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UD multicast over the soft device's RoCE v2 wire ({@link NetworkMulticastPeer}, two devices on the network in a
 * JVM of its own, separate hosts or not), watched from this JVM by a plain UDP socket that joined the group on
 * loopback as a third host: the datagram goes to the group's IP address and the RoCE v2 port, from the sender's
 * address, as a UD SEND with immediate data whose BTH names QPN 0xFFFFFF and whose DETH carries the Q_Key and the
 * sender's QPN. Linux delivers IP multicast on loopback to a socket bound to the group that joined it there,
 * although {@code lo} lacks IFF_MULTICAST (measured on Linux 6.18; without the join nothing arrives).
 */
class NetworkMulticastTest {

    private static final String GROUP = "239.83.0.7";
    private static final String OTHER_GROUP = "239.83.0.8";
    private static final int UD_SEND_ONLY_WITH_IMMEDIATE = 0x65;

    @TempDir
    Path logs;

    @Test
    void betweenSeparateHostsADatagramToTheGroupReachesEveryAttachedQueuePairAsARoceV2Packet() throws Exception {
        watchPeer(true, GROUP);
    }

    @Test
    void betweenDevicesOfOneHostItMeetsThemInsideTheJvmOnceAndLeavesAsARoceV2Packet() throws Exception {
        watchPeer(false, OTHER_GROUP);
    }

    private void watchPeer(boolean separateHosts, String groupAddress) throws Exception {
        int port = PeerJvm.freeUdpPort();
        InetAddress group = InetAddress.getByName(groupAddress);
        try (MulticastSocket watcher = watcher(group, port)) {
            Process peer = PeerJvm.start(logs, "peer", List.of("-Dverbs4j.soft.devices=2",
                    "-Dverbs4j.soft.addresses=" + PeerJvm.CLIENT_IP + "," + PeerJvm.SERVER_IP,
                    "-Dverbs4j.soft.separate-hosts=" + separateHosts), port, NetworkMulticastPeer.class, groupAddress);
            try {
                DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
                watcher.receive(packet);
                String out = PeerJvm.output(logs, peer, "peer");
                assertThat(peer.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(out).as("the peer's output").contains("PASS");
                int senderQpn = Integer.decode(out.lines().findFirst().orElseThrow().trim());
                checkPacket(packet, senderQpn, port);
            } finally {
                peer.destroyForcibly();
            }
        }
    }

    /** @return a socket bound to the group's address, so that it receives only what is sent to the group */
    private static MulticastSocket watcher(InetAddress group, int port) throws IOException {
        MulticastSocket socket = new MulticastSocket(null);
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(group, port));
        socket.joinGroup(new InetSocketAddress(group, 0),
                NetworkInterface.getByInetAddress(InetAddress.getByName(PeerJvm.CLIENT_IP)));
        socket.setSoTimeout(60_000);
        return socket;
    }

    private static void checkPacket(DatagramPacket packet, int senderQpn, int port) {
        assertThat(packet.getAddress().getHostAddress()).as("the source address").isEqualTo(PeerJvm.CLIENT_IP);
        assertThat(packet.getPort()).as("the source port").isEqualTo(port);
        ByteBuffer bytes = ByteBuffer.wrap(Arrays.copyOf(packet.getData(), packet.getLength()));
        assertThat(bytes.get(0) & 0xff).as("the opcode").isEqualTo(UD_SEND_ONLY_WITH_IMMEDIATE);
        assertThat(bytes.getInt(4) & 0xffffff).as("the BTH's destination QPN").isEqualTo(0xffffff);
        assertThat(bytes.getInt(12)).as("the DETH's Q_Key").isEqualTo(NetworkMulticastPeer.QKEY);
        assertThat(bytes.getInt(16) & 0xffffff).as("the DETH's source QPN").isEqualTo(senderQpn);
        assertThat(bytes.getInt(20)).as("the immediate data").isEqualTo(NetworkMulticastPeer.IMMEDIATE + 1);
        int pad = (bytes.get(1) >> 4) & 3;
        assertThat(packet.getLength()).as("BTH, DETH, ImmDt, payload, pad and ICRC")
                .isEqualTo(12 + 8 + 4 + NetworkMulticastPeer.SIZE + pad + 4);
    }
}
