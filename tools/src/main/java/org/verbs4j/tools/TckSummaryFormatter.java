package org.verbs4j.tools;

import java.io.PrintWriter;
import java.util.List;
import java.util.function.ToIntFunction;
import org.verbs4j.tck.AreaResult;
import org.verbs4j.tck.TckSummary;

/**
 * Prints a {@link TckSummary}: one row per area and a total row, then why each test that did not pass
 * did not pass.
 */
final class TckSummaryFormatter {

    private static final String ROW = "%-40s %7s %7s %11s %10s %8s%n";
    private static final String UNSUPPORTED = "UNSUPPORTED ";
    private static final String REPEATED = ": unsupported: ";

    TckSummaryFormatter() {
    }

    /**
     * @param summary the results
     * @param out where to print
     */
    void print(TckSummary summary, PrintWriter out) {
        out.println("Verbs4J TCK summary");
        summary.noDeviceReasons().forEach(reason -> out.println("NO DEVICE: " + reason));
        out.printf(ROW, "area", "passed", "failed", "unsupported", "known bugs", "aborted");
        List<AreaResult> areas = summary.areas();
        areas.forEach(area -> row(area, out));
        row(total(areas), out);
        areas.stream().filter(area -> !area.notes().isEmpty()).forEach(area -> notes(area, out));
    }

    private static void row(AreaResult area, PrintWriter out) {
        out.printf(ROW, area.area(), area.passed(), area.failed(), area.unsupported(), area.knownBugs(), area.aborted());
    }

    private static AreaResult total(List<AreaResult> areas) {
        return new AreaResult("total", sum(areas, AreaResult::passed), sum(areas, AreaResult::failed),
                sum(areas, AreaResult::unsupported), sum(areas, AreaResult::knownBugs), sum(areas, AreaResult::aborted),
                List.of());
    }

    private static int sum(List<AreaResult> areas, ToIntFunction<AreaResult> count) {
        return areas.stream().mapToInt(count).sum();
    }

    private static void notes(AreaResult area, PrintWriter out) {
        out.println();
        out.println(area.area() + ":");
        area.notes().forEach(note -> out.println("  " + withoutRepeatedLabel(note)));
    }

    /**
     * @param note {@code "<OUTCOME> <test>: <reason>"}
     * @return the note without the word "unsupported:" that the reason of an UNSUPPORTED note repeats
     */
    static String withoutRepeatedLabel(String note) {
        int repeated = note.indexOf(REPEATED);
        return note.startsWith(UNSUPPORTED) && repeated >= 0
                ? note.substring(0, repeated) + ": " + note.substring(repeated + REPEATED.length()) : note;
    }
}
