package org.verbs4j.provider.soft;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;
import org.verbs4j.QpState;

/**
 * Random sequences of verbs on the soft device against {@link VerbsModel}: posts (signaled and unsignaled
 * SENDs, receives, SRQ receives), modifies to every state, polls and SRQ limits. A sequence where the device and
 * the model disagree is shrunk to a minimal one by jqwik.
 */
class ModelBasedTest {

    private final List<ModelHarness> harnesses = new ArrayList<>();

    @Property(tries = 400, shrinking = ShrinkingMode.FULL)
    void theSoftDeviceFollowsTheModel(@ForAll("sequences") ActionChain<ModelHarness> sequence) {
        sequence.withInvariant("A's state, the SRQ limit and its events", ModelHarness::checkInvariant).run();
    }

    @Provide
    Arbitrary<ActionChain<ModelHarness>> sequences() {
        return ActionChain.startWith(this::harness)
                .withAction(3, verb(Arbitraries.of(true, false).map(signaled -> Transformer.mutate(
                        (signaled ? "signaled" : "unsignaled") + " SEND", h -> h.postSend(signaled)))))
                .withAction(2, verb(Arbitraries.just(Transformer.mutate("receive on A", ModelHarness::postReceive))))
                .withAction(2, verb(Arbitraries.just(Transformer.mutate("receive on the SRQ",
                        ModelHarness::postShared))))
                .withAction(1, verb(Arbitraries.integers().between(0, 8).map(limit -> Transformer.mutate(
                        "arm the SRQ limit at " + limit, h -> h.armLimit(limit)))))
                .withAction(2, verb(Arbitraries.of(QpState.RESET, QpState.INIT, QpState.RTR, QpState.RTS,
                        QpState.SQD, QpState.ERR).flatMap(state -> Arbitraries.of(0, 7).map(rnr -> Transformer.mutate(
                        "modify A to " + state + (state == QpState.RTS ? " (rnr_retry " + rnr + " from RTR)" : ""),
                        h -> h.modify(state, rnr))))))
                .withAction(2, verb(Arbitraries.just(Transformer.mutate("poll A's CQ", ModelHarness::pollA))))
                .withAction(2, verb(Arbitraries.just(Transformer.mutate("poll B's CQ", ModelHarness::pollB))))
                .withMaxTransformations(40);
    }

    private ModelHarness harness() {
        ModelHarness harness = new ModelHarness();
        harnesses.add(harness);
        return harness;
    }

    private static Action.Independent<ModelHarness> verb(Arbitrary<Transformer<ModelHarness>> transformers) {
        return () -> transformers;
    }

    @AfterTry
    void closeHarnesses() {
        harnesses.forEach(ModelHarness::close);
        harnesses.clear();
    }
}
