package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verbs4j.Gid;
import org.verbs4j.provider.soft.wire.SoftSettings;

/**
 * The soft provider's settings come from system properties or, where a launcher passes no JVM options, from the
 * environment ({@code VERBS4J_SOFT_ADDRESSES} for {@code verbs4j.soft.addresses}); the property wins. Each case
 * runs in a JVM of its own ({@link SettingsPeer}), since the provider reads its settings once per JVM.
 */
class SoftSettingsTest {

    @TempDir
    Path logs;

    @Test
    void environmentVariablesNameTheProperties() {
        assertThat(SoftSettings.environmentName("verbs4j.soft.addresses")).isEqualTo("VERBS4J_SOFT_ADDRESSES");
        assertThat(SoftSettings.environmentName("verbs4j.soft.udp-port")).isEqualTo("VERBS4J_SOFT_UDP_PORT");
        assertThat(SoftSettings.environmentName("verbs4j.soft.separate-hosts"))
                .isEqualTo("VERBS4J_SOFT_SEPARATE_HOSTS");
    }

    @Test
    void theEnvironmentBindsSoft0WithoutJvmOptions() throws Exception {
        int port = PeerJvm.freeUdpPort();
        String line = run(List.of(), Map.of("VERBS4J_SOFT_ADDRESSES", PeerJvm.SERVER_IP,
                "VERBS4J_SOFT_UDP_PORT", String.valueOf(port)));
        assertThat(line).isEqualTo(gidOf(PeerJvm.SERVER_IP) + " " + port);
    }

    @Test
    void aSystemPropertyWinsOverTheEnvironment() throws Exception {
        int port = PeerJvm.freeUdpPort();
        String line = run(List.of("-Dverbs4j.soft.addresses=127.0.0.3", "-Dverbs4j.soft.udp-port=" + port),
                Map.of("VERBS4J_SOFT_ADDRESSES", PeerJvm.SERVER_IP, "VERBS4J_SOFT_UDP_PORT", "1"));
        assertThat(line).isEqualTo(gidOf("127.0.0.3") + " " + port);
    }

    @Test
    void aMalformedNumberNamesTheSettingAndItsVariable() throws Exception {
        String line = run(List.of(), Map.of("VERBS4J_SOFT_ADDRESSES", PeerJvm.SERVER_IP,
                "VERBS4J_SOFT_UDP_PORT", "four"));
        assertThat(line).isNull();
        assertThat(Files.readString(logs.resolve("peer.err"))).contains("verbs4j.soft.udp-port")
                .contains("VERBS4J_SOFT_UDP_PORT").contains("'four' is not a number");
    }

    /** @return the first line the peer printed, or {@code null} if it printed none */
    private String run(List<String> options, Map<String, String> environment) throws IOException,
            InterruptedException {
        ProcessBuilder builder = PeerJvm.builder(logs, "peer", options, SettingsPeer.class);
        builder.environment().keySet().removeIf(name -> name.startsWith("VERBS4J_SOFT_"));
        builder.environment().putAll(environment);
        Process peer = builder.start();
        String out = new String(peer.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertThat(peer.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out.lines().findFirst().orElse(null);
    }

    private static Gid gidOf(String address) throws IOException {
        return Gid.of(InetAddress.getByName(address));
    }
}
