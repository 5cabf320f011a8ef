package org.verbs4j.provider.generic.objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.VerbsException;

/**
 * The lifetime rules of {@link NativeResource}, with fake native objects (no library needed): {@code close()}
 * here, the Cleaner safety net in {@link NativeResourceSafetyNetTest}.
 */
class NativeResourceTest {

    /** A resource whose native destroy is recorded, and fails while {@link #failWith} is set. */
    static final class Fake extends NativeResource {
        private final List<String> log;
        private final String name;
        private final List<Object> kept = new ArrayList<>();
        int failWith;

        /**
         * @param name the name in the log: "destroy NAME" for {@code close()}, "cleaner NAME" for the safety net
         * @param parent the parent, which a fake does not keep (a real object does, in its own fields)
         * @param log where the destroys are recorded, from any thread
         */
        Fake(String name, Fake parent, List<String> log) {
            super(MemorySegment.NULL, parent, () -> log.add("cleaner " + name));
            this.name = name;
            this.log = log;
        }

        @Override
        protected String destroyVerb() {
            return "ibv_destroy_" + name;
        }

        @Override
        protected void destroyNative() {
            if (failWith != 0) {
                throw VerbsException.of(destroyVerb(), failWith, null);
            }
            log.add("destroy " + name);
        }

        /** @param used another fake this one uses, as a queue pair uses its completion queue */
        void uses(Fake used) {
            dependOn(used);
        }

        /** @param objects objects this fake refers to, as real ones refer to their parents and children */
        void keep(Object... objects) {
            kept.addAll(List.of(objects));
        }

        /** @return a segment of this object's arena, to see whether the arena was freed */
        MemorySegment memory() {
            return arena.allocate(8);
        }
    }

    static List<String> newLog() {
        return Collections.synchronizedList(new ArrayList<>());
    }

    @Test
    void aParentWithLiveChildrenIsBusyAndStaysUsable() {
        List<String> log = newLog();
        Fake context = new Fake("context", null, log);
        Fake pd = new Fake("pd", context, log);
        assertThatThrownBy(context::close).isInstanceOf(BusyException.class)
                .hasMessageContaining("ibv_destroy_context").hasMessageContaining("1 object(s)");
        assertThat(context.isClosed()).isFalse();
        pd.close();
        context.close();
        assertThat(log).containsExactly("destroy pd", "destroy context");
    }

    @Test
    void closingTwiceThrowsAndDestroysOnceWithoutTheCleaner() {
        List<String> log = newLog();
        Fake cq = new Fake("cq", null, log);
        MemorySegment memory = cq.memory();
        cq.close();
        assertThat(memory.scope().isAlive()).as("the arena is freed by close").isFalse();
        assertThatThrownBy(cq::close).isInstanceOf(ClosedObjectException.class);
        assertThatThrownBy(() -> cq.ensureOpen("ibv_start_poll")).isInstanceOf(ClosedObjectException.class)
                .hasMessageContaining("ibv_start_poll");
        assertThat(log).containsExactly("destroy cq");
        assertThat(cq.lifetime().state()).isEqualTo(NativeLifetime.State.DESTROYED);
    }

    @Test
    void aFailedDestroyLeavesTheObjectOpenAndItsParentBusy() {
        List<String> log = newLog();
        Fake context = new Fake("context", null, log);
        Fake qp = new Fake("qp", context, log);
        qp.failWith = 16;
        assertThatThrownBy(qp::close).isInstanceOf(BusyException.class);
        assertThat(qp.isClosed()).isFalse();
        assertThat(qp.lifetime().state()).isEqualTo(NativeLifetime.State.OPEN);
        assertThatThrownBy(context::close).isInstanceOf(BusyException.class);
        qp.failWith = 0;
        qp.close();
        context.close();
        assertThat(log).containsExactly("destroy qp", "destroy context");
    }

    /** A resource whose constructor fails after the native object exists, as a queue pair's may. */
    private static final class FailsAfterCreation extends NativeResource {
        FailsAfterCreation(Fake parent, List<String> log) {
            super(MemorySegment.NULL, parent, () -> log.add("destroy failed qp"));
            abandon();
            throw new IllegalStateException("the provider set no post_recv");
        }

        @Override
        protected String destroyVerb() {
            return "ibv_destroy_qp";
        }

        @Override
        protected void destroyNative() {
            throw new AssertionError("an abandoned object is destroyed by abandon(), not by close()");
        }
    }

    @Test
    void aFailedConstructionDestroysTheNativeObjectOnceAndFreesTheParent() {
        List<String> log = newLog();
        Fake pd = new Fake("pd", null, log);
        assertThatThrownBy(() -> new FailsAfterCreation(pd, log)).isInstanceOf(IllegalStateException.class);
        pd.close();
        assertThat(log).containsExactly("destroy failed qp", "destroy pd");
    }

    @Test
    void anObjectInUseIsBusyUntilItsUserIsDestroyed() {
        List<String> log = newLog();
        Fake cq = new Fake("cq", null, log);
        Fake qp = new Fake("qp", null, log);
        qp.uses(cq);
        assertThatThrownBy(cq::close).isInstanceOf(BusyException.class).hasMessageContaining("ibv_destroy_cq");
        qp.close();
        cq.close();
        assertThat(log).containsExactly("destroy qp", "destroy cq");
    }
}
