package org.verbs4j.distribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A finished process: its exit code and what it printed.
 *
 * @param command the command line
 * @param exitCode the exit code
 * @param stdout what it printed on standard output
 * @param stderr what it printed on standard error
 */
record Run(List<String> command, int exitCode, String stdout, String stderr) {

    /**
     * Runs a command with JAVA_HOME set to the JDK running the test.
     *
     * @param command the command line
     * @param environment extra environment variables
     * @return the finished process
     */
    static Run of(List<String> command, Map<String, String> environment) throws IOException, InterruptedException {
        Path out = Files.createTempFile("verbs4j-out", ".txt");
        Path err = Files.createTempFile("verbs4j-err", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            builder.environment().remove("VERBS4J_PROVIDERS");
            builder.environment().putAll(environment);
            int exitCode = builder.start().waitFor();
            return new Run(command, exitCode, Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }
}
