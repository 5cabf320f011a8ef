package org.verbs4j.tools;

import java.io.PrintWriter;
import org.verbs4j.tck.AreaResult;
import org.verbs4j.tck.TckProgress;

/** Prints one line per area of the kit as it completes, with its counts. */
final class AreaProgress implements TckProgress {

    private final PrintWriter out;

    AreaProgress(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void areaFinished(AreaResult result) {
        out.println(line(result));
        out.flush();
    }

    /** @return for example {@code "  done: SRQ: 9 passed, 0 failed, 1 unsupported, 0 known bugs, 0 aborted"} */
    static String line(AreaResult result) {
        return "  done: " + result.area() + ": " + result.passed() + " passed, " + result.failed() + " failed, "
                + result.unsupported() + " unsupported, " + result.knownBugs() + " known bugs, " + result.aborted()
                + " aborted";
    }
}
