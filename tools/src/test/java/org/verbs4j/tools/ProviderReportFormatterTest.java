package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verbs4j.ProviderStatus;
import org.verbs4j.SelectionReport;

class ProviderReportFormatterTest {

    private static List<String> print(SelectionReport report) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            new ProviderReportFormatter().print(report, out);
        }
        return text.toString().lines().toList();
    }

    @Test
    void saysWhenNoProviderIsFound() {
        assertThat(print(new SelectionReport(List.of(), ""))).containsExactly(
                "Providers:",
                "  none found: no provider module is on the module path");
    }

    @Test
    void leavesOutEmptyReasons() {
        assertThat(print(new SelectionReport(List.of(
                new ProviderStatus("soft", true, "", true, "", List.of("soft0")),
                new ProviderStatus("efa", false, "", false, "", List.of())), "verbs4j.providers=soft,efa")))
                .containsExactly(
                        "Providers (verbs4j.providers=soft,efa):",
                        "  soft  available; chosen",
                        "  efa   unavailable; not chosen");
    }

    @Test
    void givesTheSelectionReasonOfAnAvailableProviderThatWasNotChosen() {
        assertThat(print(new SelectionReport(List.of(
                new ProviderStatus("mlx5", true, "", false, "not named in verbs4j.providers", List.of())), "rule")))
                .containsExactly(
                        "Providers (rule):",
                        "  mlx5  available; not chosen: not named in verbs4j.providers");
    }

    @Test
    void saysOnlyNotProbedForAProviderTheSelectionLeftOut() {
        assertThat(print(new SelectionReport(List.of(
                new ProviderStatus("soft", true, "", true, "chosen for soft0", List.of("soft0")),
                new ProviderStatus("generic", false, "not probed: not named in VERBS4J_PROVIDERS", false,
                        "not chosen: not named in VERBS4J_PROVIDERS", List.of())), "VERBS4J_PROVIDERS=soft")))
                .containsExactly(
                        "Providers (VERBS4J_PROVIDERS=soft):",
                        "  soft     available; chosen for soft0",
                        "  generic  not probed: not named in VERBS4J_PROVIDERS");
    }
}
