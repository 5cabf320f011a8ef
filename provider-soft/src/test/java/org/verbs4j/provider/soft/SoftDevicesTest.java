package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import org.junit.jupiter.api.Test;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Errno;
import org.verbs4j.Gid;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.VerbsException;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.setup.SoftDevices;

/**
 * Soft devices of their own ({@link SoftDevices}): two of them, each with one device on its own loopback address,
 * are two hosts whose datagrams cross UDP; closing releases the address, and a closed device opens no context.
 */
class SoftDevicesTest {

    private static final int QKEY = 0x11111111;

    @Test
    void devicesOfTwoBuildsMeetOnlyOverTheNetwork() throws IOException {
        int port = PeerJvm.freeUdpPort();
        try (SoftDevices first = hostOn(PeerJvm.CLIENT_IP, port); SoftDevices second = hostOn(PeerJvm.SERVER_IP, port)) {
            Rig sender = new Rig(first.devices().get(0));
            Rig receiver = new Rig(second.devices().get(0));
            CompletionQueue sendCq = sender.cq(4);
            CompletionQueue receiveCq = receiver.cq(4);
            QueuePair from = sender.qp(QpType.UD, sendCq, 4);
            QueuePair to = receiver.qp(QpType.UD, receiveCq, 4);
            sender.toRtsUd(from, QKEY);
            receiver.toRtsUd(to, QKEY);
            MemoryRegion source = sender.region(64);
            MemoryRegion target = receiver.region(40 + 64);
            source.segment().fill((byte) 0x5A);
            Rig.postRecv(to, 7, target, 0, 40 + 64);
            AddressHandle ah = sender.pd.createAddressHandle(AhAttributes.global(
                    Gid.of(InetAddress.getByName(PeerJvm.SERVER_IP)), 1, 1));
            Rig.postSignaled(from, source, 1, 0, 64, ops -> ops.send().setUdAddr(ah, to.qpNum(), QKEY));

            assertThat(Rig.poll(sendCq).status()).isEqualTo(WcStatus.SUCCESS);
            Wc received = Rig.poll(receiveCq);
            assertThat(received.status()).isEqualTo(WcStatus.SUCCESS);
            assertThat(received.opcode()).isEqualTo(WcOpcode.RECV);
            assertThat(received.byteLen()).isEqualTo(40 + 64);
            assertThat(received.srcQp()).isEqualTo(from.qpNum());
            assertThat(target.segment().get(ValueLayout.JAVA_BYTE, 20)).as("an IPv4 header in the GRH: it crossed UDP")
                    .isEqualTo((byte) 0x45);
            assertThat(target.segment().asSlice(40, 64).mismatch(source.segment())).isEqualTo(-1L);
            sender.close();
            receiver.close();
        }
    }

    @Test
    void closingReleasesTheAddressAndRefusesNewContexts() throws IOException {
        int port = PeerJvm.freeUdpPort();
        SoftDevices devices = hostOn(PeerJvm.CLIENT_IP, port);
        new Rig(devices.devices().get(0)).close();
        assertThat(bindable(port)).as("the address while the device holds it").isFalse();

        devices.close();
        devices.close();

        assertThat(bindable(port)).as("the address after close").isTrue();
        assertThatThrownBy(() -> devices.devices().get(0).open()).isInstanceOfSatisfying(VerbsException.class,
                e -> assertThat(e.errno()).isEqualTo(Errno.ENODEV.code())).hasMessageContaining("ibv_open_device");
        try (SoftDevices again = hostOn(PeerJvm.CLIENT_IP, port)) {
            new Rig(again.devices().get(0)).close();
            assertThat(bindable(port)).as("the address bound again by new devices").isFalse();
        }
    }

    @Test
    void theBuilderRefusesWhatNamesNoDevice() {
        assertThatThrownBy(() -> SoftDevices.builder().address("localhost")).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("not a literal IP address");
        assertThatThrownBy(() -> SoftDevices.builder().address("0.0.0.0")).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("wildcard");
        assertThatThrownBy(() -> SoftDevices.builder().address("127.0.0.1").address("127.0.0.2").devices(1).open())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 for 2 addresses");
        assertThatThrownBy(() -> SoftDevices.builder().udpPort(0).open()).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("no UDP port");
        assertThatThrownBy(() -> SoftDevices.builder().minAckTimeout(32).open()).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("[0, 31]");
    }

    @Test
    void devicesBeyondTheAddressesStayInsideTheJvm() {
        try (SoftDevices devices = SoftDevices.builder().devices(3).open()) {
            assertThat(devices.devices()).extracting(d -> d.name()).containsExactly("soft0", "soft1", "soft2");
            assertThat(devices.connectionManager()).isNotNull();
            assertThat(devices.devices().get(2).connectionManager()).isSameAs(devices.connectionManager());
        }
    }

    private static SoftDevices hostOn(String address, int port) {
        return SoftDevices.builder().address(address).udpPort(port).open();
    }

    private static boolean bindable(int port) throws IOException {
        try (DatagramChannel channel = DatagramChannel.open()) {
            channel.bind(new InetSocketAddress(PeerJvm.CLIENT_IP, port));
            return true;
        } catch (java.net.BindException e) {
            return false;
        }
    }
}
