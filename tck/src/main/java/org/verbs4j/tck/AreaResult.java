package org.verbs4j.tck;

import java.util.List;

/**
 * The results of one area of the kit.
 *
 * @param area the area's name ({@link TckArea})
 * @param passed how many tests passed
 * @param failed how many tests failed
 * @param unsupported how many tests checked a feature the device does not support
 * @param knownBugs how many tests failed because of a known bug of the device ({@link KnownBug})
 * @param aborted how many tests could not run for another reason
 * @param notes one line per test that did not pass: its name, its outcome and the reason
 */
public record AreaResult(String area, int passed, int failed, int unsupported, int knownBugs, int aborted,
                         List<String> notes) {

    /** Copies the list. */
    public AreaResult {
        notes = List.copyOf(notes);
    }

    /** @return how many tests ran or were reported in all */
    public int total() {
        return passed + failed + unsupported + knownBugs + aborted;
    }
}
