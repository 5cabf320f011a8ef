package org.verbs4j.tck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes the summary of a run to its report file and to the {@code org.verbs4j.tck} logger when the
 * run ends.
 *
 * <p>The summary of one report file is shared by every JUnit run of the JVM that writes it, because a
 * build tool may split one test run into several; each write holds everything recorded so far.
 */
final class TckReport implements AutoCloseable {

    /** The configuration parameter or system property naming the report file. */
    static final String REPORT_FILE = "verbs4j.tck.report";
    /** The report file when none is configured, relative to the working directory (the module in Maven). */
    static final String DEFAULT_REPORT_FILE = "target/verbs4j-tck-report.txt";

    private static final Map<Path, TckSummary> SUMMARIES = new ConcurrentHashMap<>();
    private static final System.Logger LOGGER = System.getLogger("org.verbs4j.tck");

    private final Path file;
    private final TckSummary summary;

    private TckReport(Path file) {
        this.file = file;
        this.summary = SUMMARIES.computeIfAbsent(file, key -> new TckSummary());
    }

    /**
     * Starts the summary of a report file afresh, for a run that must not add to an earlier one.
     *
     * @param file the report file
     */
    static void restart(Path file) {
        SUMMARIES.remove(file.toAbsolutePath().normalize());
    }

    static TckReport to(String file) {
        return new TckReport(Path.of(file).toAbsolutePath().normalize());
    }

    TckSummary summary() {
        return summary;
    }

    @Override
    public void close() {
        String text = summary.render();
        LOGGER.log(summary.failed() > 0 ? Level.WARNING : Level.INFO, "{0}\nreport: {1}", text, file);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the TCK report " + file, e);
        }
    }
}
