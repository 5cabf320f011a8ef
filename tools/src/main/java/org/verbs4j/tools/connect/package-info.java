/**
 * What the tools share to connect to a peer: the resources, the starting PSN and the out-of-band exchange of
 * rdma-core's examples. The INIT, RTR and RTS steps themselves are the api's {@link org.verbs4j.ConnectRecipe},
 * which the benchmarks and the tests use as well.
 *
 * <ol>
 *   <li>{@link org.verbs4j.tools.connect.QpResources} creates a protection domain, a completion queue
 *       (with a completion channel for event mode), one registered buffer and the queue pairs, optionally
 *       on a shared receive queue.</li>
 *   <li>{@link org.verbs4j.Destination} is what one side tells the other: LID, QPN, PSN and
 *       GID ({@code struct pingpong_dest} of rdma-core's examples); {@link org.verbs4j.tools.connect.Psn}
 *       draws the 24-bit starting PSN.</li>
 *   <li>{@link org.verbs4j.ConnectRecipe} moves an RC, UC or UD queue pair through INIT,
 *       RTR and RTS with the peer's destination, with the attributes of {@code ibv_rc_pingpong} unless
 *       told otherwise (perftest's differ in hop limit and outstanding reads).</li>
 *   <li>{@link org.verbs4j.tools.connect.OutOfBand} is the TCP connection that carries the destinations,
 *       with a timeout on every wait, and {@link org.verbs4j.tools.connect.PingPongMessage} the 52-byte
 *       record of rdma-core's {@code pingpong.c}, byte for byte.</li>
 * </ol>
 *
 * <p>A soft device lives inside one JVM unless it is bound to an address, and then only its UD queue pairs reach
 * other processes (over RoCE v2): {@link org.verbs4j.tools.connect.SoftPeers} refuses a peer it cannot reach,
 * with a message that says so.
 */
package org.verbs4j.tools.connect;
