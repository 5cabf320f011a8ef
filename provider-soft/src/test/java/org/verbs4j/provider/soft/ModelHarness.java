package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.soft.VerbsModel.Expected;
import org.verbs4j.provider.soft.VerbsModel.Outcome;

/**
 * The soft device and the {@link VerbsModel} side by side: each verb runs on both, and what the device does
 * (the exception of a post or modify, the completions it returns, A's state, the SRQ limit and its events) must
 * be what the model says.
 */
final class ModelHarness implements AutoCloseable {

    private static final int DEPTH = 4;
    private static final int SRQ_DEPTH = 6;

    private final Rig rig = new Rig();
    private final CompletionQueue cqA = rig.cq(256);
    private final CompletionQueue cqB = rig.cq(256);
    private final SharedReceiveQueue srq = rig.context.createSharedReceiveQueue(
            SrqInitAttributes.basic(rig.pd, SRQ_DEPTH, 1));
    private final QueuePair a = rig.qp(QpType.RC, cqA, DEPTH);
    private final QueuePair b = rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd, cqB,
            new QpCapabilities(DEPTH, DEPTH, 1, 1, 0)).srq(srq).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
    private final MemoryRegion mr = rig.region(64);
    private final VerbsModel model;
    private long nextWrId = 1;
    private int limitEvents;

    ModelHarness() {
        rig.connect(a, b, Rig.ALL_ACCESS, 7);
        rig.connect(b, a, Rig.ALL_ACCESS, 7);
        model = new VerbsModel(a.capabilities().maxSendWr(), a.capabilities().maxRecvWr(), srq.query().maxWr());
    }

    void postSend(boolean signaled) {
        long wrId = nextWrId++;
        Outcome expected = model.postSend(wrId, signaled);
        assertOutcome(expected, "a " + (signaled ? "signaled" : "unsignaled") + " SEND", () -> {
            SendOps ops = a.sendOps();
            ops.start();
            ops.wrId(wrId).wrFlags(signaled ? (int) SendFlag.SIGNALED.value() : 0).send()
                    .setSge(mr.lkey(), mr.address(), 8);
            ops.complete();
        });
    }

    void postReceive() {
        long wrId = nextWrId++;
        assertOutcome(model.postReceive(wrId), "a receive on A", () -> a.postReceive(request(wrId)));
    }

    void postShared() {
        long wrId = nextWrId++;
        assertOutcome(model.postShared(wrId), "a receive on the SRQ", () -> srq.postReceive(request(wrId)));
    }

    void armLimit(int limit) {
        assertOutcome(model.armLimit(limit), "arming the SRQ limit at " + limit, () -> srq.armLimit(limit));
    }

    void modify(QpState target, int rnrRetry) {
        QpAttributes attributes = attributesFor(model.state, target, rnrRetry);
        assertOutcome(model.modify(target, rnrRetry), "modify A " + " to " + target, () -> a.modify(attributes));
    }

    /** @return the attributes the transition requires if the model says it is valid, otherwise the state alone */
    private QpAttributes attributesFor(QpState from, QpState target, int rnrRetry) {
        if (!VerbsModel.VALID.get(from).contains(target)) {
            return new QpAttributes().qpState(target);
        }
        ConnectRecipe recipe = Rig.recipe().withAccess(Rig.ALL_ACCESS).withRnrRetry(rnrRetry);
        if (from == QpState.RESET && target == QpState.INIT) {
            return recipe.initAttributes(a.type());
        } else if (from == QpState.INIT && target == QpState.RTR) {
            return recipe.rtrAttributes(a.type(), Rig.destination(b), 16);
        } else if (from == QpState.RTR && target == QpState.RTS) {
            return recipe.rtsAttributes(a.type(), 0, 16);
        }
        return new QpAttributes().qpState(target);
    }

    void pollA() {
        poll(cqA, model.cqA, "A's CQ", true);
    }

    void pollB() {
        poll(cqB, model.cqB, "B's CQ", false);
    }

    private void poll(CompletionQueue cq, java.util.Deque<Expected> expected, String which, boolean sends) {
        List<String> real = new ArrayList<>();
        while (cq.startPoll()) {
            real.add(cq.wrId() + " " + cq.status());
            cq.endPoll();
        }
        List<String> wanted = new ArrayList<>();
        while (!expected.isEmpty()) {
            Expected next = expected.removeFirst();
            wanted.add(next.wrId() + " " + next.status());
            if (sends && next.sendPosition() >= 0) {
                model.polledSend(next.sendPosition());
            }
        }
        assertThat(real).as("the completions of %s (wr_id status)", which).isEqualTo(wanted);
    }

    /** A's state, the SRQ's limit and the number of limit events agree with the model. */
    void checkInvariant() {
        assertThat(a.query(Set.of(QpAttrMask.STATE)).qpState()).as("A's state").isEqualTo(model.state);
        assertThat(srq.query().srqLimit()).as("the SRQ limit (0 once it fired)").isEqualTo(model.srqLimit);
        AsyncEvent event;
        while ((event = rig.context.getAsyncEvent(Duration.ZERO)) != null) {
            if (event.type() == AsyncEventType.SRQ_LIMIT_REACHED) {
                limitEvents++;
            }
            rig.context.ackAsyncEvent(event);
        }
        assertThat(limitEvents).as("SRQ_LIMIT_REACHED events").isEqualTo(model.limitEvents);
    }

    private ReceiveRequest request(long wrId) {
        ReceiveRequest request = new ReceiveRequest(1).wrId(wrId);
        request.sgList().add(mr, 16, 8);
        return request;
    }

    private static void assertOutcome(Outcome expected, String what, Runnable verb) {
        Outcome actual;
        try {
            verb.run();
            actual = Outcome.OK;
        } catch (InvalidArgumentException e) {
            actual = Outcome.EINVAL;
        } catch (OutOfResourcesException e) {
            actual = Outcome.ENOMEM;
        } catch (VerbsException e) {
            throw new AssertionError(what + ": unexpected " + e, e);
        }
        assertThat(actual).as("the outcome of %s", what).isEqualTo(expected);
    }

    @Override
    public void close() {
        rig.close();
    }
}
