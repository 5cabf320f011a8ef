package org.verbs4j.tck.remote;

import java.util.Map;
import org.verbs4j.Device;
import org.verbs4j.tck.SoftProviders;

/**
 * The soft device of this JVM on 127.0.0.1 and the soft device of a peer JVM on 127.0.0.2, separate hosts on
 * one UDP port that is free on both addresses.
 */
public final class TwoHosts {

    /** This JVM's soft0. */
    public static final String LOCAL_ADDRESS = "127.0.0.1";
    /** The peer's soft0. */
    public static final String PEER_ADDRESS = "127.0.0.2";

    private static int port;

    private TwoHosts() {
    }

    /** @return this JVM's soft0 on 127.0.0.1 (Surefire's two-process execution configures the JVM so) */
    public static synchronized Device localDevice() {
        if (System.getProperty("verbs4j.soft.udp-port") == null) {
            System.setProperty("verbs4j.soft.udp-port",
                    Integer.toString(SoftProviders.freeUdpPort(LOCAL_ADDRESS, PEER_ADDRESS)));
        }
        port = Integer.getInteger("verbs4j.soft.udp-port");
        return SoftProviders.onTheWire().devices().getFirst();
    }

    /** @return a peer JVM whose soft0 is on 127.0.0.2, on the port of {@link #localDevice()} */
    public static RemotePeer startPeer() {
        localDevice();
        return RemotePeer.start("soft", Map.of("VERBS4J_SOFT_ADDRESSES", PEER_ADDRESS,
                "VERBS4J_SOFT_SEPARATE_HOSTS", "true", "VERBS4J_SOFT_DEVICES", "1",
                "VERBS4J_SOFT_UDP_PORT", Integer.toString(port)));
    }
}
