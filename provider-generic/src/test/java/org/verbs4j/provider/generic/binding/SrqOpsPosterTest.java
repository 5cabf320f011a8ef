package org.verbs4j.provider.generic.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;
import org.verbs4j.SrqOpcode;
import org.verbs4j.SrqOperation;

/**
 * {@link SrqOpsPoster} without a device: libc's {@code sched_yield} stands in for a driver's
 * {@code post_srq_ops} (it ignores the three pointer arguments, as the ABIs allow, and returns 0), so the
 * Java side of every post runs for real.
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
            assertThat(first.handle()).as("the handle read back from the native list").isEqualTo(3);
            assertThat(first.next().handle()).isEqualTo(4);
        }
    }

}
