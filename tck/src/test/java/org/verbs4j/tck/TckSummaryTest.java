package org.verbs4j.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The summary counts each outcome per area and names every test that did not pass, with its reason. */
class TckSummaryTest {

    @Test
    @DisplayName("outcomes are counted per area, and every test that did not pass is listed with its reason")
    void countsAndNotes() {
        TckSummary summary = new TckSummary();
        summary.record("SRQ", "a", Outcome.PASSED, "");
        summary.record("SRQ", "b", Outcome.FAILED, "AssertionFailedError: lost\nstack");
        summary.record("SRQ", "c", Outcome.UNSUPPORTED, "unsupported: SRQ_RESIZE (no)");
        summary.record("PD and MR", "d", Outcome.ABORTED, "port 1 is DOWN");
        summary.record("SRQ", "e", Outcome.KNOWN_BUG, "known bug: rxe drops it");
        assertThat(summary.areas()).containsExactly(
                new AreaResult("PD and MR", 0, 0, 0, 0, 1, List.of("ABORTED d: port 1 is DOWN")),
                new AreaResult("SRQ", 1, 1, 1, 1, 0, List.of("FAILED b: AssertionFailedError: lost",
                        "KNOWN_BUG e: known bug: rxe drops it", "UNSUPPORTED c: unsupported: SRQ_RESIZE (no)")));
        assertThat(summary.failed()).isEqualTo(1);
        assertThat(summary.render()).contains("SRQ", "FAILED b: AssertionFailedError: lost")
                .doesNotContain("stack");
    }

    @Test
    @DisplayName("the same no-device reason is kept once")
    void noDeviceOnce() {
        TckSummary summary = new TckSummary();
        summary.noDevice("libfoo.so.1 not found");
        summary.noDevice("libfoo.so.1 not found");
        assertThat(summary.noDeviceReasons()).containsExactly("libfoo.so.1 not found");
        assertThat(summary.render()).containsOnlyOnce("NO DEVICE: libfoo.so.1 not found");
    }
}
