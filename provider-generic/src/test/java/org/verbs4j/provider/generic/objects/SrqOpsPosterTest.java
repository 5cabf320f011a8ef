package org.verbs4j.provider.generic.objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.verbs4j.Errno;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.SrqOpcode;
import org.verbs4j.SrqOperation;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Abi;

/**
 * {@link SrqOpsPoster} without a device: libc's {@code sched_yield} stands in for a driver's
 * {@code post_srq_ops} (it ignores the three pointer arguments, as the ABIs allow, and returns 0), so the
 * Java side of every post runs for real; where the driver's part matters (writing a TAG_ADD's handle,
 * pointing {@code bad_op} at the operation that failed), a Java stand-in plays it on the native list.
 */
class SrqOpsPosterTest {

    private static MemorySegment standIn() {
        return Linker.nativeLinker().defaultLookup().find("sched_yield").orElseThrow();
    }

    private static SrqOperation list() {
        SrqOperation first = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).wrId(1).tag(7).mask(-1).handle(3);
        first.sgList().add(0x1000, 64, 5);
        return first.next(new SrqOperation(0).opcode(SrqOpcode.TAG_DEL).wrId(2).handle(4));
    }

    @Test
    void aPostReusesItsNativeListAndAllocatesNothing() throws ReflectiveOperationException {
        try (Arena arena = Arena.ofConfined()) {
            SrqOpsPoster poster = new SrqOpsPoster(Abi.current(), arena, standIn());
            MemorySegment srq = arena.allocate(8);
            SrqOperation first = list();
            for (int i = 0; i < 100_000; i++) {
                poster.post(srq, first);
            }
            long before = AllocatedBytes.ofCurrentThread();
            for (int i = 0; i < 100_000; i++) {
                poster.post(srq, first);
            }
            long allocated = AllocatedBytes.ofCurrentThread() - before;
            assertThat(allocated).as("bytes allocated by 100000 posts of a two-operation list").isLessThan(10_000);
        }
    }

    @Test
    void theHandleTheDriverWroteComesBackIntoTheOperation() {
        try (Arena arena = Arena.ofConfined()) {
            SrqOperation first = list();
            poster(arena, 0).post(arena.allocate(8), first);
            assertThat(first.handle()).as("the handle the driver wrote into tm.handle of the TAG_ADD").isEqualTo(42);
            assertThat(first.next().handle()).as("the TAG_DEL's handle, untouched by the driver").isEqualTo(4);
        }
    }

    @Test
    void aFailedPostNamesTheOperationTheDriverPointedAt() {
        try (Arena arena = Arena.ofConfined()) {
            SrqOperation first = list();
            assertThatThrownBy(() -> poster(arena, Errno.ENOMEM.code()).post(arena.allocate(8), first))
                    .isInstanceOf(OutOfResourcesException.class).hasMessageContaining("ibv_post_srq_ops")
                    .satisfies(e -> assertThat(((VerbsException) e).failedRequest()).isSameAs(first.next()));
            assertThat(first.handle()).as("the handles come back also when the post fails").isEqualTo(42);
        }
    }

    /**
     * @return a poster whose driver writes 42 into the first operation's {@code tm.handle}, and, if it returns
     *     {@code rc} other than 0, points {@code bad_op} at the second operation
     */
    @SuppressWarnings("restricted")
    private static SrqOpsPoster poster(Arena arena, int rc) {
        Abi abi = Abi.current();
        long wrSize = abi.ibvOpsWr.byteSize();
        long handle = Abi.offset(abi.ibvOpsWr, "tm", "handle");
        return new SrqOpsPoster(abi, arena, standIn(), (function, srq, wrs, badOp) -> {
            MemorySegment.ofAddress(wrs).reinterpret(2 * wrSize).set(ValueLayout.JAVA_INT, handle, 42);
            if (rc != 0) {
                MemorySegment.ofAddress(badOp).reinterpret(8).set(ValueLayout.JAVA_LONG, 0, wrs + wrSize);
            }
            return rc;
        });
    }

}
