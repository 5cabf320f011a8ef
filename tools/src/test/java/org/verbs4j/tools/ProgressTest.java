package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void printsUntilClosed() throws InterruptedException {
        StringWriter text = new StringWriter();
        Progress progress = Progress.every(Duration.ofMillis(5), new PrintWriter(text, true));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (text.toString().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        progress.close();
        Thread.sleep(50);
        String printed = text.toString();
        Thread.sleep(50);
        assertThat(printed).startsWith("  ... still running (").endsWith(" s)" + System.lineSeparator());
        assertThat(text.toString()).as("nothing more after close").isEqualTo(printed);
    }
}
