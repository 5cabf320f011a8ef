package org.verbs4j;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Writes a {@link SelectionReport} as a table with one row per provider: its id, its state (chosen,
 * not chosen, unavailable, not probed), the devices it serves, and why.
 */
final class SelectionReportTable {

    private static final List<String> HEADER = List.of("PROVIDER", "STATE", "DEVICES", "WHY");

    private SelectionReportTable() {
    }

    /**
     * @param report a report
     * @return the rule on the first line, then the table; every line ends with a line separator
     */
    static String format(SelectionReport report) {
        List<List<String>> rows = Stream.concat(Stream.of(HEADER),
                report.providers().stream().map(SelectionReportTable::row)).toList();
        int[] widths = IntStream.range(0, HEADER.size() - 1)
                .map(column -> rows.stream().mapToInt(row -> row.get(column).length()).max().orElse(0)).toArray();
        String table = rows.stream().map(row -> line(row, widths)).collect(Collectors.joining(System.lineSeparator()));
        String empty = report.providers().isEmpty() ? System.lineSeparator() + "(no provider found)" : "";
        return "Provider selection: " + report.selectionRule() + System.lineSeparator() + table + empty
                + System.lineSeparator();
    }

    private static List<String> row(ProviderStatus status) {
        String devices = status.deviceNames().isEmpty() ? "-" : String.join(",", status.deviceNames());
        String why = status.available() || status.chosen() ? status.selectionReason() : status.unavailableReason();
        return List.of(status.id(), state(status), devices, why);
    }

    private static String state(ProviderStatus status) {
        if (status.chosen()) {
            return "chosen";
        }
        if (status.available()) {
            return "not chosen";
        }
        return status.unavailableReason().startsWith("not probed") ? "not probed" : "unavailable";
    }

    private static String line(List<String> row, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int column = 0; column < widths.length; column++) {
            line.append(row.get(column)).append(" ".repeat(widths[column] - row.get(column).length() + 2));
        }
        return line.append(row.getLast()).toString();
    }
}
