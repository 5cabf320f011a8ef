package org.verbs4j.tck;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The results of a run of the kit, per area: passed, failed, unsupported (with the reason) and aborted,
 * and whether the provider had no device at all. Thread-safe.
 */
public final class TckSummary {

    private static final int MAX_REASON = 400;

    private final Map<String, Map<Outcome, List<String>>> areas = new TreeMap<>();
    private final Set<String> noDeviceReasons = new LinkedHashSet<>();

    /** Creates an empty summary. */
    public TckSummary() {
    }

    /**
     * Records the outcome of one test.
     *
     * @param area the area of the test
     * @param test the test's name
     * @param outcome how it ended
     * @param reason why it did not pass, or an empty string
     */
    public synchronized void record(String area, String test, Outcome outcome, String reason) {
        String note = outcome == Outcome.PASSED ? test : test + ": " + firstLine(reason);
        areas.computeIfAbsent(area, key -> new EnumMap<>(Outcome.class))
                .computeIfAbsent(outcome, key -> new ArrayList<>()).add(note);
    }

    /**
     * Records that the kit found no device; each distinct reason is kept once.
     *
     * @param reason why there is no device
     */
    public synchronized void noDevice(String reason) {
        noDeviceReasons.add(reason);
    }

    /** @return the reasons why the kit found no device, each once; empty when it ran on a device */
    public synchronized List<String> noDeviceReasons() {
        return List.copyOf(noDeviceReasons);
    }

    /** @return the results of each area, by area name */
    public synchronized List<AreaResult> areas() {
        List<AreaResult> results = new ArrayList<>();
        areas.forEach((area, outcomes) -> results.add(result(area, outcomes)));
        return results;
    }

    /**
     * @param area the area's name
     * @return the results of {@code area} so far; all zero if none of its tests was recorded
     */
    public synchronized AreaResult area(String area) {
        return result(area, areas.getOrDefault(area, Map.of()));
    }

    /** @return how many tests failed in all areas */
    public synchronized int failed() {
        return areas().stream().mapToInt(AreaResult::failed).sum();
    }

    /** @return the summary as a table followed by the reason of every test that did not pass */
    public synchronized String render() {
        StringBuilder text = new StringBuilder("Verbs4J TCK summary\n");
        noDeviceReasons.forEach(reason -> text.append("NO DEVICE: ").append(reason).append('\n'));
        text.append(String.format("%-40s %7s %7s %11s %10s %8s%n", "area", "passed", "failed", "unsupported",
                "known bugs", "aborted"));
        List<AreaResult> results = areas();
        results.forEach(result -> text.append(String.format("%-40s %7d %7d %11d %10d %8d%n", result.area(),
                result.passed(), result.failed(), result.unsupported(), result.knownBugs(), result.aborted())));
        results.stream().filter(result -> !result.notes().isEmpty()).forEach(result -> {
            text.append('\n').append(result.area()).append(":\n");
            result.notes().forEach(note -> text.append("  ").append(note).append('\n'));
        });
        return text.toString();
    }

    private static AreaResult result(String area, Map<Outcome, List<String>> outcomes) {
        List<String> notes = new ArrayList<>();
        for (Outcome outcome : List.of(Outcome.FAILED, Outcome.KNOWN_BUG, Outcome.UNSUPPORTED, Outcome.ABORTED)) {
            outcomes.getOrDefault(outcome, List.of()).forEach(note -> notes.add(outcome + " " + note));
        }
        return new AreaResult(area, count(outcomes, Outcome.PASSED), count(outcomes, Outcome.FAILED),
                count(outcomes, Outcome.UNSUPPORTED), count(outcomes, Outcome.KNOWN_BUG), count(outcomes, Outcome.ABORTED),
                notes);
    }

    private static int count(Map<Outcome, List<String>> outcomes, Outcome outcome) {
        return outcomes.getOrDefault(outcome, List.of()).size();
    }

    private static String firstLine(String reason) {
        String text = reason == null ? "" : reason.strip();
        int newline = text.indexOf('\n');
        String line = newline < 0 ? text : text.substring(0, newline);
        return line.length() <= MAX_REASON ? line : line.substring(0, MAX_REASON) + "...";
    }
}
