package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.DeviceLimits;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqAttrMask;
import org.verbs4j.SrqAttributes;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqType;
import org.verbs4j.VerbsException;
import org.verbs4j.WcStatus;

/**
 * Basic shared receive queues ({@code ibv_create_srq_ex}, {@code ibv_post_srq_recv},
 * {@code ibv_modify_srq}): traffic of several queue pairs through one SRQ, full queues, resizing and the
 * limit event of rdma-core's {@code test_srq.py} (reference D.6).
 */
@TckArea("SRQ")
public abstract class SharedReceiveQueueVerification extends AreaVerification {

    private static final int MESSAGE = 64;

    private ProtectionDomain pd;
    private SharedReceiveQueue srq;

    /** Creates the area. */
    protected SharedReceiveQueueVerification() {
    }

    /** The SRQ under test and its protection domain are the responder end's. */
    @BeforeEach
    final void createSharedReceiveQueue() {
        pd = protectionDomain(Side.RESPONDER);
        srq = srqOf(Side.RESPONDER, pd);
    }

    private SharedReceiveQueue srqOf(Side side, ProtectionDomain owner) {
        SrqInitAttributes attributes = SrqInitAttributes.basic(owner, 16, 1);
        return requireAndCreate(Capability.SRQ, "ibv_create_srq_ex",
                () -> context(side).createSharedReceiveQueue(attributes));
    }

    /** @return an RC pair whose responder (only) receives through the SRQ, as pyverbs' server QPs do */
    private QueuePairs pairThroughSrq() {
        ProtectionDomain requesterPd = protectionDomain();
        CompletionQueue requesterCq = completionQueue(64);
        CompletionQueue responderCq = completionQueue(Side.RESPONDER, 64);
        QpInitAttributes requesterAttributes = loopback().connectedAttributes(QpType.RC, requesterPd, requesterCq)
                .build();
        loopback().requireType(requesterAttributes);
        loopback().requireActivePort();
        QueuePair requester = queuePair(requesterAttributes);
        QueuePair responder = track(context(Side.RESPONDER).createQueuePair(loopback().connectedAttributes(QpType.RC,
                pd, responderCq).srq(srq).build()));
        loopback().toRts(requester, responder);
        loopback().toRts(responder, requester);
        return new QueuePairs(requesterPd, requester, requesterCq, pd, responder, responderCq);
    }

    /** Creation and posting. */
    @Nested
    @DisplayName("ibv_create_srq_ex and ibv_post_srq_recv")
    class Basics {

        @Test
        @DisplayName("ibv_create_srq_ex(3): the queue is BASIC, at least as large as requested, and not armed")
        void sizesAreAtLeastRequested() {
            SrqAttributes attributes = srq.query();
            assertAll(() -> assertEquals(SrqType.BASIC, srq.type()),
                    () -> assertTrue(attributes.maxWr() >= 16, "max_wr " + attributes.maxWr()),
                    () -> assertTrue(attributes.maxSge() >= 1, "max_sge " + attributes.maxSge()),
                    () -> assertEquals(0, attributes.srqLimit(), "srq_limit of a new SRQ"),
                    () -> assertSame(context(Side.RESPONDER), srq.context()));
        }

        @Test
        @DisplayName("test_srq rc_srq_traffic: two QPs receive through one SRQ, payloads byte for byte")
        void twoQueuePairsShareTheSrq() {
            QueuePairs first = pairThroughSrq();
            QueuePairs second = pairThroughSrq();
            MemoryRegion mr = openMemoryRegion(pd, MESSAGE * 4);
            MemoryRegion firstSource = openMemoryRegion(first.pd(), MESSAGE);
            MemoryRegion secondSource = openMemoryRegion(second.pd(), MESSAGE);
            Payloads.write(firstSource.segment(), 0, Payloads.pattern(1, MESSAGE));
            Payloads.write(secondSource.segment(), 0, Payloads.pattern(2, MESSAGE));
            WorkRequests.receive(srq, 10, mr, MESSAGE * 2L, MESSAGE);
            WorkRequests.send(first.requester(), 1, firstSource, 0, MESSAGE);
            Completion one = Completions.awaitOne(first.responderCq(), environment().completionTimeout(), "receive 1");
            WorkRequests.receive(srq, 11, mr, MESSAGE * 3L, MESSAGE);
            WorkRequests.send(second.requester(), 2, secondSource, 0, MESSAGE);
            Completion two = Completions.awaitOne(second.responderCq(), environment().completionTimeout(), "receive 2");
            assertAll(() -> assertEquals(first.responder().qpNum(), one.qpNum(), "qp_num of the first receive"),
                    () -> assertEquals(second.responder().qpNum(), two.qpNum(), "qp_num of the second receive"),
                    () -> assertEquals(List.of(10L, 11L), List.of(one.wrId(), two.wrId()), "wr_ids from the SRQ"),
                    () -> Payloads.assertPayload(mr.segment(), MESSAGE * 2L, Payloads.pattern(1, MESSAGE), "first"),
                    () -> Payloads.assertPayload(mr.segment(), MESSAGE * 3L, Payloads.pattern(2, MESSAGE), "second"));
        }

        @Test
        @DisplayName("test_srq (pyverbs creates every QP with_srq): a QP that receives through the SRQ still sends")
        void senderAttachedToTheSrq() {
            ProtectionDomain requesterPd = protectionDomain();
            SharedReceiveQueue requesterSrq = srqOf(Side.REQUESTER, requesterPd);
            QueuePairs pairs = loopback().rc(requesterPd, pd,
                    (side, builder) -> builder.srq(side == Side.REQUESTER ? requesterSrq : srq));
            MemoryRegion mr = openMemoryRegion(pd, MESSAGE * 2);
            MemoryRegion source = openMemoryRegion(requesterPd, MESSAGE);
            Payloads.write(source.segment(), 0, Payloads.pattern(3, MESSAGE));
            WorkRequests.receive(srq, 12, mr, MESSAGE, MESSAGE);
            WorkRequests.send(pairs.requester(), 1, source, 0, MESSAGE);
            Completion sent = Completions.awaitOne(pairs.requesterCq(), environment().completionTimeout(), "the SEND");
            assertEquals(WcStatus.SUCCESS, sent.status(), () -> "the SEND: " + sent);
            Completion received = Completions.awaitOne(pairs.responderCq(), environment().completionTimeout(),
                    "the receive through the SRQ");
            assertAll(() -> assertEquals(12, received.wrId(), "wr_id from the SRQ"),
                    () -> Payloads.assertPayload(mr.segment(), MESSAGE, Payloads.pattern(3, MESSAGE), "received"));
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3) NOTES: max_recv_wr and max_recv_sge are ignored for a QP with an SRQ")
        void receiveCapsAreIgnoredWithAnSrq() {
            DeviceLimits limits = context(Side.RESPONDER).queryDevice().limits();
            QpInitAttributes attributes = QpInitAttributes.builder(QpType.RC, pd, completionQueue(Side.RESPONDER, 8),
                    new QpCapabilities(8, limits.maxQpWr() + 1, 1, limits.maxSge() + 1, 0)).srq(srq).build();
            loopback().requireType(QpInitAttributes.builder(QpType.RC, protectionDomain(), completionQueue(8),
                    Loopback.defaultCapabilities()).build());
            QueuePair qp = track(context(Side.RESPONDER).createQueuePair(attributes));
            assertSame(srq, qp.srq().orElseThrow(), "the QP's SRQ");
        }

        @Test
        @DisplayName("ibv_post_srq_recv(3): a full SRQ refuses the next receive (ENOMEM) and names it (bad_wr)")
        void fullSrqRefuses() {
            MemoryRegion mr = openMemoryRegion(pd, MESSAGE);
            int capacity = srq.query().maxWr();
            for (int i = 0; i < capacity; i++) {
                WorkRequests.receive(srq, i, mr, 0, MESSAGE);
            }
            ReceiveRequest extra = WorkRequests.receiveRequest(capacity, mr, 0, MESSAGE);
            VerbsException refusal = assertThrows(OutOfResourcesException.class, () -> srq.postReceive(extra));
            assertSame(extra, refusal.failedRequest(), "bad_wr");
        }

        @Test
        @DisplayName("ibv_post_srq_recv(3): a receive with more SGEs than max_sge is refused (EINVAL)")
        void tooManySges() {
            MemoryRegion mr = openMemoryRegion(pd, MESSAGE);
            int maxSge = srq.query().maxSge();
            ReceiveRequest request = new ReceiveRequest(maxSge + 1).wrId(1);
            for (int i = 0; i <= maxSge; i++) {
                request.sgList().add(mr, 0, 1);
            }
            assertThrows(InvalidArgumentException.class, () -> srq.postReceive(request));
        }

        @Test
        @DisplayName("test_srq resize_srq: an SRQ can grow to twice its size, or SRQ_RESIZE is unsupported")
        void resize() {
            int size = srq.query().maxWr();
            int wanted = Math.min(context(Side.RESPONDER).queryDevice().limits().maxSrqWr(), 2 * size);
            requireCapability(Capability.SRQ_RESIZE, "ibv_modify_srq(IBV_SRQ_MAX_WR)", () -> {
                srq.modify(new SrqAttributes(wanted, 1, 0), Set.of(SrqAttrMask.MAX_WR));
                return null;
            });
            srq.modify(new SrqAttributes(wanted, 1, 0), Set.of(SrqAttrMask.MAX_WR));
            assertTrue(srq.query().maxWr() >= wanted, () -> "max_wr after resizing to " + wanted);
        }
    }

    /** The limit event (reference D.6). */
    @Nested
    @DisplayName("limit event")
    class Limit {

        @Test
        @DisplayName("test_srq modify_srq_limit: 10 posted, limit 7, 4 consumed: one SRQ_LIMIT_REACHED, then disarmed")
        void limitEventFiresOnce() {
            QueuePairs pairs = pairThroughSrq();
            MemoryRegion mr = openMemoryRegion(pd, MESSAGE * 2);
            MemoryRegion source = openMemoryRegion(pairs.pd(), MESSAGE);
            for (int i = 0; i < 10; i++) {
                WorkRequests.receive(srq, i, mr, MESSAGE, MESSAGE);
            }
            srq.armLimit(7);
            assertEquals(7, srq.query().srqLimit(), "srq_limit after arming");
            for (int i = 0; i < 4; i++) {
                WorkRequests.send(pairs.requester(), i, source, 0, MESSAGE);
            }
            Completions.await(pairs.responderCq(), 4, environment().completionTimeout(), "4 receives");
            AsyncEvent event = responderContext().getAsyncEvent(environment().eventTimeout());
            assertNotNull(event, "no async event after the SRQ dropped below its limit");
            responderContext().ackAsyncEvent(event);
            assertAll(() -> assertEquals(AsyncEventType.SRQ_LIMIT_REACHED, event.type()),
                    () -> assertSame(srq, event.srq(), "the event's SRQ"),
                    () -> assertEquals(0, srq.query().srqLimit(), "ibv_query_srq(3) NOTES: 0 once the event fired"));
            WorkRequests.send(pairs.requester(), 9, source, 0, MESSAGE);
            Completions.awaitSuccess(pairs.responderCq(), environment().completionTimeout(), "one more receive");
            AsyncEvent second = responderContext().getAsyncEvent(Duration.ofMillis(200));
            if (second != null) {
                responderContext().ackAsyncEvent(second);
            }
            assertNull(second, "the limit event is one-shot");
        }

        @Test
        @DisplayName("ibv_ack_async_event(3): an event is acknowledged exactly once; a second ack gives EINVAL")
        void asyncEventIsAcknowledgedOnce() {
            QueuePairs pairs = pairThroughSrq();
            MemoryRegion mr = openMemoryRegion(pd, MESSAGE * 2);
            MemoryRegion source = openMemoryRegion(pairs.pd(), MESSAGE);
            WorkRequests.receive(srq, 1, mr, MESSAGE, MESSAGE);
            WorkRequests.receive(srq, 2, mr, MESSAGE, MESSAGE);
            srq.armLimit(2);
            WorkRequests.send(pairs.requester(), 1, source, 0, MESSAGE);
            AsyncEvent event = responderContext().getAsyncEvent(environment().eventTimeout());
            assertNotNull(event, "no SRQ_LIMIT_REACHED after the SRQ dropped below its limit");
            responderContext().ackAsyncEvent(event);
            assertThrows(InvalidArgumentException.class, () -> responderContext().ackAsyncEvent(event));
        }

        @Test
        @DisplayName("rxe_srq_chk_attr: resizing an SRQ below its armed limit is refused (EINVAL)")
        void resizeBelowTheLimitIsRefused() {
            srq.armLimit(8);
            requireCapability(Capability.SRQ_RESIZE, "ibv_modify_srq(IBV_SRQ_MAX_WR)", () -> {
                srq.modify(new SrqAttributes(srq.query().maxWr(), 1, 0), Set.of(SrqAttrMask.MAX_WR));
                return null;
            });
            assertThrows(InvalidArgumentException.class,
                    () -> srq.modify(new SrqAttributes(4, 1, 0), Set.of(SrqAttrMask.MAX_WR)));
            assertEquals(8, srq.query().srqLimit(), "a refused modify changes nothing");
        }

        @Test
        @DisplayName("ibv_destroy_srq(3): an SRQ that QPs still use cannot be destroyed (EBUSY)")
        void srqInUseCannotBeClosed() {
            pairThroughSrq();
            assertThrows(BusyException.class, srq::close);
            assertFalse(srq.isClosed(), "a refused destroy leaves the SRQ usable");
        }

        @Test
        @DisplayName("rxe_srq_chk_attr: a limit above max_wr is refused (EINVAL)")
        void limitAboveSizeIsRefused() {
            int size = srq.query().maxWr();
            assertThrows(InvalidArgumentException.class, () -> srq.armLimit(size + 1));
        }
    }

    private Context responderContext() {
        return context(Side.RESPONDER);
    }
}
