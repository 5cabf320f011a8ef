package org.verbs4j.tools.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The progress line: silent at first, then the count the loop published, until closed. */
class ProgressTest {

    @Test
    void printsTheLatestCountAfterTheFirstDelayAndStopsWhenClosed() throws InterruptedException {
        StringWriter text = new StringWriter();
        Progress progress = Progress.start(new PrintWriter(text), 200, "iterations", 300, 50);
        progress.at(50);
        assertThat(text.toString()).as("nothing before the first delay").isEmpty();

        Thread.sleep(600);
        progress.close();
        Thread.sleep(100);
        String printed = text.toString();
        Thread.sleep(200);

        assertThat(printed).startsWith(" progress: 50 of 200 iterations (25%) after 0 s");
        assertThat(text.toString()).as("nothing after close").isEqualTo(printed);
    }
}
