package org.verbs4j.tools.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The options of the C tools that find the device and the peer, with their defaults: {@code -p 18515},
 * {@code -d} (first device), {@code -i 1}, and verbs4j's {@code --timeout 60} (the C tools wait forever).
 */
public final class PeerOptions {

    @Option(names = {"-p", "--port"}, description = "listen on/connect to TCP port (default 18515)")
    private int tcpPort = 18515;

    @Option(names = {"-d", "--ib-dev"}, paramLabel = "DEV", description = "use device DEV (default first device)")
    private String device;

    @Option(names = {"-i", "--ib-port"}, description = "use this port of the device (default 1)")
    private int ibPort = 1;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "give up when the peer is silent this long, in the exchange or the traffic (default 60)")
    private int timeoutSeconds = 60;

    /** @return the TCP port of the exchange ({@code -p}) */
    public int tcpPort() {
        return tcpPort;
    }

    /** @return the device's name ({@code -d}), or {@code null} for the first device */
    public String device() {
        return device;
    }

    /** @return the device's port ({@code -i}) */
    public int ibPort() {
        return ibPort;
    }

    /**
     * @return the longest wait for the peer ({@code --timeout})
     * @throws IllegalArgumentException if it is not positive
     */
    public Duration timeout() {
        if (timeoutSeconds <= 0) {
            throw new IllegalArgumentException("--timeout must be positive");
        }
        return Duration.ofSeconds(timeoutSeconds);
    }
}
