/**
 * The IB communication manager (IBTA chapter 12) as Linux's kernel CM speaks it over RoCE v2: CM MADs (management
 * class 0x07, base version 1, class version 2, method Send) in UD packets between the GSI queue pairs (QP 1, Q_Key
 * {@link org.verbs4j.provider.soft.wire.roce.cm.Gsi#Q_KEY}) of two ports, carrying REQ, MRA, REJ, REP, RTU, DREQ
 * and DREP, with rdma_cm's private-data header ({@link org.verbs4j.provider.soft.wire.roce.cm.CmaHeader}) and
 * service IDs ({@link org.verbs4j.provider.soft.wire.roce.cm.ServiceId}), so that rdma_cm on rxe or a RoCE NIC
 * connects to and from this side.
 *
 * <h2>Codecs</h2>
 * {@link org.verbs4j.provider.soft.wire.roce.cm.Mad} and one class a message read and write the fields in place,
 * at the offsets of IBTA tables 106 to 113 (bit fields numbered as the tables number them), with static methods
 * on a {@link java.nio.ByteBuffer} and the index of the MAD: they allocate nothing.
 *
 * <h2>The machine</h2>
 * A {@link org.verbs4j.provider.soft.wire.roce.cm.CmConnection} is one side of one connection: active (REQ, REP,
 * RTU) or passive (REQ, REP, RTU), REJ, DREQ and DREP, retransmission of an unanswered REQ, REP or DREQ timed
 * as Linux's CM times it from the REQ's fields ({@link org.verbs4j.provider.soft.wire.roce.cm.CmTimeouts}: the
 * active side waits two packet lives and the remote CM response timeout, the passive side the REQ's local CM
 * response timeout, both within the REQ's max CM retries; an MRA postpones it; spent retries end the connection
 * without a message), duplicates answered as Linux's CM answers them, and a time wait after the disconnection.
 * Destroying a connection sends what {@code cm_destroy_id} sends (REJ with reason TIMEOUT and the CA GUID for an
 * unanswered REQ, which the peer's port matches by that GUID; REJ consumer defined for a REQ not accepted or a
 * REP not confirmed; DREQ once for an established connection); a REQ the consumer has no room for is dropped
 * unanswered, so that its retransmission comes as a new request. A {@link org.verbs4j.provider.soft.wire.roce.cm.CmPort} hands each MAD to its connection, makes
 * passive connections for the service IDs it listens to and rejects the others. The seams: a
 * {@link org.verbs4j.provider.soft.wire.roce.cm.MadSink} that sends a MAD to a peer's GSI, and a
 * {@link org.verbs4j.provider.soft.wire.roce.cm.CmListener} that hears the events, named as rdma_cm names them.
 *
 * <h2>Time and threads</h2>
 * As in {@code org.verbs4j.provider.soft.wire.roce.rc}: no clock inside; every call that may start a timer takes
 * the time ({@link System#nanoTime()}), and the owner calls {@code onTimer} at {@code deadline()}. A port and its
 * connections are single-threaded: the owner serializes the received MADs, the timer and the consumer's calls.
 *
 * <h2>Service ID resolution</h2>
 * A connection also resolves a UD service ({@link org.verbs4j.provider.soft.wire.roce.cm.CmConnection#resolve}:
 * SIDR_REQ, sent again after the response timeout alone, as rdma_cm times it) and answers such a request
 * ({@link org.verbs4j.provider.soft.wire.roce.cm.CmConnection#answer}: SIDR_REP with the QPN and Q_Key); a port
 * answers a SIDR_REQ to no listener with status unsupported.
 *
 * <h2>Not here</h2>
 * LAP and APR (alternate paths) and ClassPortInfo: their MADs are dropped. This side
 * never sends an MRA: it answers a REQ when its consumer accepts, within the peer's response time.
 */
package org.verbs4j.provider.soft.wire.roce.cm;
