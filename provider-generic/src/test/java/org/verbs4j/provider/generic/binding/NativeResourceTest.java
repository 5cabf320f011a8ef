package org.verbs4j.provider.generic.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.VerbsException;

/** The lifetime rules of {@link NativeResource}, with fake native objects (no library needed). */
class NativeResourceTest {

    /** A resource whose native destroy is recorded, and fails while {@link #failWith} is set. */
    private static final class Fake extends NativeResource {
        private final List<String> log;
        private final String name;
        int failWith;

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
    }

    @Test
    void aParentWithLiveChildrenIsBusyAndStaysUsable() {
        List<String> log = new ArrayList<>();
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
        List<String> log = new ArrayList<>();
        Fake cq = new Fake("cq", null, log);
        cq.close();
        assertThatThrownBy(cq::close).isInstanceOf(ClosedObjectException.class);
        assertThatThrownBy(() -> cq.ensureOpen("ibv_start_poll")).isInstanceOf(ClosedObjectException.class)
                .hasMessageContaining("ibv_start_poll");
        assertThat(log).containsExactly("destroy cq");
    }

    @Test
    void aFailedDestroyLeavesTheObjectOpenAndItsParentBusy() {
        List<String> log = new ArrayList<>();
        Fake context = new Fake("context", null, log);
        Fake qp = new Fake("qp", context, log);
        qp.failWith = 16;
        assertThatThrownBy(qp::close).isInstanceOf(BusyException.class);
        assertThat(qp.isClosed()).isFalse();
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
        List<String> log = new ArrayList<>();
        Fake pd = new Fake("pd", null, log);
        assertThatThrownBy(() -> new FailsAfterCreation(pd, log)).isInstanceOf(IllegalStateException.class);
        pd.close();
        assertThat(log).containsExactly("destroy failed qp", "destroy pd");
    }

    @Test
    void aDependantKeepsAnObjectBusyUntilReleased() {
        List<String> log = new ArrayList<>();
        Fake cq = new Fake("cq", null, log);
        cq.retain();
        assertThatThrownBy(cq::close).isInstanceOf(BusyException.class);
        cq.release();
        cq.close();
        assertThat(log).containsExactly("destroy cq");
    }
}
