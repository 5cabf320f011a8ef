package org.verbs4j.provider.generic.objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.provider.generic.objects.NativeResourceTest.Fake;

/**
 * The Cleaner safety net of {@link NativeResource} with fake native objects: objects that become unreachable
 * without being closed are destroyed, children (and users) before parents (and what they use), whatever
 * order the Cleaner finds them in, and their arenas are freed. The fakes refer to each other as the
 * provider's objects do ({@link NativeResourceTest.Fake#keep}): in particular a context refers to its
 * completion queues, queue pairs, SRQs and work queues (it maps asynchronous events to them by address), so
 * those are cleaned only together with their context. Each test leaks objects, then calls
 * {@link System#gc()} until an observable outcome (a lifetime's state, an arena freed) is reached or a
 * bound of {@value #TIMEOUT_SECONDS} seconds passes; the test keeps only {@link Trace traces} of leaked
 * objects, never the objects.
 */
class NativeResourceSafetyNetTest {

    private static final int TIMEOUT_SECONDS = 30;

    /** What a test keeps of an object it leaks: its lifetime and a segment of its arena. */
    private record Trace(String name, NativeLifetime lifetime, MemorySegment memory) {

        static Trace of(String name, Fake fake) {
            return new Trace(name, fake.lifetime(), fake.memory());
        }

        NativeLifetime.State state() {
            return lifetime.state();
        }

        boolean destroyed() {
            return state() == NativeLifetime.State.DESTROYED;
        }

        boolean freed() {
            return !memory.scope().isAlive();
        }
    }

    /** Runs the collector until the outcome is seen, failing after the bound. */
    private static void collectUntil(BooleanSupplier outcome, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(TIMEOUT_SECONDS).toNanos();
        while (!outcome.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not seen within " + TIMEOUT_SECONDS + " s of System.gc(): " + what);
            }
            System.gc();
            Thread.sleep(10);
        }
    }

    /** A protection domain whose context was leaked and found unreachable, and the log of both. */
    private record OrphanedChild(List<String> log, Fake pd, Trace context) {

        /** Creates a context and a protection domain, keeps the domain only, and waits for the Cleaner. */
        static OrphanedChild create() throws InterruptedException {
            List<String> log = NativeResourceTest.newLog();
            List<Trace> traces = new ArrayList<>();
            Fake pd = childOfALeakedContext(log, traces);
            Trace context = traces.getFirst();
            collectUntil(() -> context.state() == NativeLifetime.State.UNREACHABLE, "the context found unreachable");
            return new OrphanedChild(log, pd, context);
        }

        private static Fake childOfALeakedContext(List<String> log, List<Trace> traces) {
            Fake context = new Fake("context", null, log);
            traces.add(Trace.of("context", context));
            return new Fake("pd", context, log);
        }
    }

    @Test
    void aParentFoundUnreachableBeforeItsChildWaitsForTheChildsCleaner() throws InterruptedException {
        OrphanedChild orphaned = OrphanedChild.create();
        List<String> log = orphaned.log();
        Trace context = orphaned.context();
        assertThat(log).as("nothing is destroyed while the protection domain lives").isEmpty();
        assertThat(context.freed()).as("the context's arena lives as long as its native object").isFalse();

        Trace leakedPd = Trace.of("pd", orphaned.pd());
        orphaned = null;
        collectUntil(context::destroyed, "the context destroyed");
        assertThat(log).containsExactly("cleaner pd", "cleaner context");
        assertThat(leakedPd.freed()).isTrue();
        assertThat(context.freed()).isTrue();
    }

    @Test
    void closingTheChildOfAnUnreachableParentDestroysTheParentRightAfterIt() throws InterruptedException {
        OrphanedChild orphaned = OrphanedChild.create();
        orphaned.pd().close();
        assertThat(orphaned.log()).containsExactly("destroy pd", "cleaner context");
        assertThat(orphaned.context().destroyed()).isTrue();
        assertThat(orphaned.context().freed()).isTrue();
    }

    /**
     * Leaks, of a context that stays, children the context does not refer to (as in the provider): a
     * protection domain with a memory region, and a completion channel. A completion queue would not do: the
     * context refers to its queues (see {@link #aQueueLeakedUnderALiveContextWaitsForItsContext}).
     */
    private static List<Trace> leakChildren(Fake context, List<String> log) {
        Fake pd = new Fake("pd", context, log);
        Fake mr = new Fake("mr", pd, log);
        mr.keep(pd);
        Fake channel = new Fake("channel", context, log);
        channel.keep(context);
        return List.of(Trace.of("pd", pd), Trace.of("mr", mr), Trace.of("channel", channel));
    }

    @Test
    void leakedChildrenAreCleanedFirstAndNoLongerKeepTheirParentBusy() throws InterruptedException {
        List<String> log = NativeResourceTest.newLog();
        Fake context = new Fake("context", null, log);
        List<Trace> children = leakChildren(context, log);
        collectUntil(() -> children.stream().allMatch(Trace::destroyed), "the leaked children destroyed");
        assertThat(log).containsExactlyInAnyOrder("cleaner pd", "cleaner mr", "cleaner channel");
        assertThat(log.indexOf("cleaner mr")).as("the region before its domain").isLessThan(log.indexOf("cleaner pd"));
        assertThat(children).allMatch(Trace::freed);
        assertThat(context.lifetime().state()).isEqualTo(NativeLifetime.State.OPEN);

        context.close();
        assertThat(log).last().isEqualTo("destroy context");
    }

    /** Creates a queue that the context refers to, as NativeContext refers to its CQs, QPs, SRQs and WQs. */
    private static Trace leakQueueOf(Fake context, List<String> log) {
        Fake cq = new Fake("cq", context, log);
        cq.keep(context);
        context.keep(cq);
        return Trace.of("cq", cq);
    }

    @Test
    void aQueueLeakedUnderALiveContextWaitsForItsContext() throws InterruptedException {
        List<String> log = NativeResourceTest.newLog();
        AtomicReference<Fake> context = new AtomicReference<>(new Fake("context", null, log));
        Trace cq = leakQueueOf(context.get(), log);
        Trace contextTrace = Trace.of("context", context.get());
        Trace sentinel = Trace.of("sentinel", new Fake("sentinel", null, NativeResourceTest.newLog()));
        collectUntil(sentinel::destroyed, "an unreachable object leaked beside it destroyed");
        assertThat(cq.state()).as("a queue the live context refers to is not found unreachable by the collection"
                + " that destroyed an unreachable object").isEqualTo(NativeLifetime.State.OPEN);
        assertThat(log).isEmpty();

        context.set(null);
        collectUntil(contextTrace::destroyed, "the context destroyed");
        assertThat(log).containsExactly("cleaner cq", "cleaner context");
        assertThat(cq.freed()).isTrue();
    }

    /**
     * Leaks one graph shaped like the provider's objects, which refer to their parents and, for the context,
     * to its queues: a context, a channel, a protection domain with a memory region, a completion queue
     * using the channel and a queue pair using the queue.
     */
    private static List<Trace> leakGraph(int index, List<String> log) {
        Fake context = new Fake("context#" + index, null, log);
        Fake channel = new Fake("channel#" + index, context, log);
        Fake pd = new Fake("pd#" + index, context, log);
        Fake mr = new Fake("mr#" + index, pd, log);
        Fake cq = new Fake("cq#" + index, context, log);
        cq.uses(channel);
        Fake qp = new Fake("qp#" + index, pd, log);
        qp.uses(cq);
        context.keep(cq, qp);
        channel.keep(context);
        pd.keep(context);
        mr.keep(pd);
        cq.keep(context, channel);
        qp.keep(context, pd, cq);
        return List.of(Trace.of("context", context), Trace.of("channel", channel), Trace.of("pd", pd),
                Trace.of("mr", mr), Trace.of("cq", cq), Trace.of("qp", qp));
    }

    @Test
    void wholeLeakedGraphsAreDestroyedUsersFirstAndFreed() throws InterruptedException {
        List<String> log = NativeResourceTest.newLog();
        int graphs = 25;
        List<Trace> traces = new ArrayList<>();
        for (int i = 0; i < graphs; i++) {
            traces.addAll(leakGraph(i, log));
        }
        collectUntil(() -> traces.stream().allMatch(Trace::destroyed), "every leaked object destroyed");
        assertThat(log).hasSize(6 * graphs).allMatch(entry -> entry.startsWith("cleaner "));
        assertThat(traces).allMatch(Trace::freed);
        for (int i = 0; i < graphs; i++) {
            assertDestroyedBefore(log, i, "qp", "cq", "pd");
            assertDestroyedBefore(log, i, "mr", "pd");
            assertDestroyedBefore(log, i, "cq", "channel", "context");
            assertDestroyedBefore(log, i, "pd", "context");
            assertDestroyedBefore(log, i, "channel", "context");
        }
    }

    private static void assertDestroyedBefore(List<String> log, int graph, String first, String... later) {
        int at = log.indexOf("cleaner " + first + "#" + graph);
        for (String other : later) {
            assertThat(at).as("%s#%d destroyed before %s#%d in %s", first, graph, other, graph, log)
                    .isLessThan(log.indexOf("cleaner " + other + "#" + graph));
        }
    }

    /**
     * Closes the queue pair and the memory region of a graph, checks that the completion queue stays busy
     * while a queue pair uses it, and leaks the rest.
     */
    private static List<Trace> closeSomeAndLeakTheRest(List<String> log) {
        Fake context = new Fake("context", null, log);
        Fake pd = new Fake("pd", context, log);
        Fake cq = new Fake("cq", context, log);
        Fake qp = new Fake("qp", pd, log);
        qp.uses(cq);
        Fake mr = new Fake("mr", pd, log);
        Fake leakedQp = new Fake("leaked qp", pd, log);
        leakedQp.uses(cq);
        context.keep(pd, cq, qp, mr, leakedQp);
        assertThatThrownBy(cq::close).isInstanceOf(BusyException.class);
        qp.close();
        mr.close();
        return List.of(Trace.of("context", context), Trace.of("pd", pd), Trace.of("cq", cq),
                Trace.of("leaked qp", leakedQp));
    }

    @Test
    void closedAndLeakedObjectsMixedAreEachDestroyedOnceInOrder() throws InterruptedException {
        List<String> log = NativeResourceTest.newLog();
        List<Trace> traces = closeSomeAndLeakTheRest(log);
        collectUntil(() -> traces.stream().allMatch(Trace::destroyed), "every leaked object destroyed");
        assertThat(log).hasSize(6).startsWith("destroy qp", "destroy mr").endsWith("cleaner context")
                .containsOnlyOnce("cleaner leaked qp", "cleaner cq", "cleaner pd");
        assertThat(log.indexOf("cleaner leaked qp")).isLessThan(log.indexOf("cleaner cq"))
                .isLessThan(log.indexOf("cleaner pd"));
        assertThat(traces).allMatch(Trace::freed);
    }
}
