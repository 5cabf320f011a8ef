package org.verbs4j.tools;

import java.io.PrintWriter;
import java.util.List;
import org.verbs4j.ProviderStatus;
import org.verbs4j.SelectionReport;

/**
 * Prints a {@link SelectionReport}: one line per provider with its availability (and why not)
 * and whether it was chosen (and why).
 */
final class ProviderReportFormatter {

    ProviderReportFormatter() {
    }

    /**
     * @param report the report of the device catalog
     * @param out where to print
     */
    void print(SelectionReport report, PrintWriter out) {
        String rule = report.selectionRule();
        out.println(blank(rule) ? "Providers:" : "Providers (" + rule + "):");
        List<ProviderStatus> providers = report.providers();
        if (providers.isEmpty()) {
            out.println("  none found: no provider module is on the module path");
            return;
        }
        int width = providers.stream().mapToInt(status -> status.id().length()).max().orElse(0);
        for (ProviderStatus status : providers) {
            out.println("  " + pad(status.id(), width) + "  " + describe(status));
        }
    }

    /**
     * An unavailable provider that was not chosen shows only why it is unavailable: its selection
     * reason would repeat that. A provider the selection left out shows only that it was not probed.
     */
    private static String describe(ProviderStatus status) {
        if (status.available()) {
            return "available; " + choice(status);
        }
        if (status.unavailableReason().startsWith("not probed")) {
            return status.unavailableReason();
        }
        String unavailable = "unavailable" + (blank(status.unavailableReason()) ? "" : ": " + status.unavailableReason());
        return unavailable + "; " + (status.chosen() ? choice(status) : "not chosen");
    }

    /**
     * @return the selection reason as is when it says itself whether the provider was chosen (as
     *     {@code "chosen for mlx5_0"} does), otherwise "chosen" or "not chosen" and the reason
     */
    private static String choice(ProviderStatus status) {
        String word = status.chosen() ? "chosen" : "not chosen";
        String reason = status.selectionReason();
        if (blank(reason)) {
            return word;
        }
        return reason.regionMatches(true, 0, word, 0, word.length()) ? reason : word + ": " + reason;
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(width - text.length());
    }
}
