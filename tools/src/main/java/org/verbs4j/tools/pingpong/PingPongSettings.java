package org.verbs4j.tools.pingpong;

import java.time.Duration;
import org.verbs4j.Mtu;

/**
 * The options of one ping-pong run, with the C tools' defaults applied.
 *
 * @param transport rc, uc, ud or srq
 * @param host the server to connect to, or {@code null} to be the server
 * @param tcpPort the TCP port of the address exchange
 * @param device the device name, or {@code null} for the first device
 * @param ibPort the device's port
 * @param size the message size
 * @param mtu the path MTU (RC, UC, SRQ; UD uses the port's)
 * @param rxDepth the receives kept posted
 * @param iters the exchanges
 * @param sl the service level
 * @param events whether to sleep on completion events
 * @param gidIndex the GID index, negative for none
 * @param validate whether the client checks the buffer it got back ({@code -c})
 * @param queuePairs the queue pairs (srq)
 * @param timeout the longest wait for the peer, in the exchange and between completions
 * @param memory where the buffer lives and how it is registered ({@code -o}, {@code -O}, {@code -j})
 * @param prefetch whether the on-demand buffer is prefetched with {@code ibv_advise_mr} ({@code -P})
 * @param timestamps whether receive completions carry the device's timestamps ({@code -t})
 */
record PingPongSettings(Transport transport, String host, int tcpPort, String device, int ibPort, int size, Mtu mtu,
        int rxDepth, int iters, int sl, boolean events, int gidIndex, boolean validate, int queuePairs,
        Duration timeout, BufferMemory memory, boolean prefetch, boolean timestamps) {

    /** @return whether the buffer is paged on demand ({@code -o} or {@code -O}) */
    boolean odp() {
        return memory.onDemand();
    }

    /** @return whether this side is the server (no host given) */
    boolean isServer() {
        return host == null;
    }

    /** @return how many receives the C tool posts again when they run low ({@code routs <= 1}, srq: num_qp) */
    int refillThreshold() {
        return transport == Transport.SRQ ? queuePairs : 1;
    }
}
