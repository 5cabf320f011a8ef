package org.verbs4j.provider.soft;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import org.verbs4j.CompletionQueue;

/**
 * What the peer programs of the two-JVM tests check: each mismatch is a line of their report, and a completion
 * that does not come ends the program with exit status 2 and the report so far.
 */
final class PeerChecks {

    private final StringBuilder failures = new StringBuilder();

    /** @return the report: the mismatches, one a line; empty if none */
    StringBuilder failures() {
        return failures;
    }

    void check(String what, Object actual, Object expected) {
        if (!expected.equals(actual)) {
            failures.append(what).append(": ").append(actual).append(", expected ").append(expected).append('\n');
        }
    }

    /** Checks that {@code length} bytes at {@code offset} of {@code memory} hold {@link Rig#fill}'s pattern. */
    void checkPattern(MemorySegment memory, Arena arena, long offset, int length, int seed) {
        MemorySegment expected = arena.allocate(Math.max(1, length)).asSlice(0, length);
        Rig.fill(expected, seed);
        check("bytes at " + offset + " (" + length + ", seed " + seed + ")",
                memory.asSlice(offset, length).mismatch(expected), -1L);
    }

    /** @return the next completion of {@code cq}, polled for at most {@code limit} (the program ends without one) */
    Wc poll(CompletionQueue cq, Duration limit) {
        Wc wc = Rig.pollWithin(cq, limit);
        if (wc != null) {
            return wc;
        }
        System.out.println("no completion within " + limit + "\n" + failures);
        System.exit(2);
        return null;
    }
}
