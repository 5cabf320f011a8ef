/**
 * The reliable and unreliable connected transports of RoCE v2 (IBTA chapter 9.7, as Linux's rxe implements them)
 * as two state machines per queue pair, independent of the soft engine: a
 * {@link org.verbs4j.provider.soft.wire.roce.rc.Requester} (rxe's requester and completer: PSNs, path-MTU
 * segmentation, RDMA READ within the initiator depth, atomics, acknowledgements, retransmission on the local ACK
 * timeout and after NAKs, RNR waits) and a {@link org.verbs4j.provider.soft.wire.roce.rc.Responder} (expected PSN,
 * duplicates, ACK coalescing, NAKs, responder resources, replay of READs and atomics).
 *
 * <h2>Seams</h2>
 * The engine supplies four small interfaces: a {@link org.verbs4j.provider.soft.wire.roce.rc.PacketSink} that
 * sends a built packet (a {@link org.verbs4j.provider.soft.wire.roce.RoceEndpoint} to the peer), a
 * {@link org.verbs4j.provider.soft.wire.roce.rc.PayloadSource} that copies message bytes into packets, a
 * {@link org.verbs4j.provider.soft.wire.roce.rc.RequesterListener} for READ data, atomic results and send
 * completions, and a {@link org.verbs4j.provider.soft.wire.roce.rc.ResponderTarget} for the receive queue and
 * the memory behind R_Keys. Work requests go into reusable
 * {@link org.verbs4j.provider.soft.wire.roce.rc.SendWork} slots. Nothing allocates per packet.
 *
 * <h2>Time and threads</h2>
 * The machines read no clock: every call that may start a timer takes the time ({@link System#nanoTime()}), and
 * the engine calls {@link org.verbs4j.provider.soft.wire.roce.rc.Requester#onTimer} at
 * {@link org.verbs4j.provider.soft.wire.roce.rc.Requester#deadline()} (a timer thread, or the progress loop).
 * Each machine is single-threaded: the requester's calls (post, responses, timer) are serialized by the engine,
 * and so are the responder's (the receive thread).
 *
 * <h2>Differences from rxe</h2>
 * {@code retry_cnt} 7 is a budget of seven retries, as the IBTA specifies; rxe retries without limit then.
 */
package org.verbs4j.provider.soft.wire.roce.rc;
