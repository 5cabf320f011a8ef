package org.verbs4j.tck.remote;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The peer JVM's process: the kit JVM's {@code java}, class path (its module path entries too) and environment
 * plus the given variables; its output goes to the kit JVM's standard error, line by line, after the line that
 * announces its port.
 */
final class PeerProcess {

    private static final long START_SECONDS = 60;

    private final Process process;
    private final CompletableFuture<Integer> port = new CompletableFuture<>();

    private PeerProcess(Process process) {
        this.process = process;
        pump(process.getErrorStream(), "stderr", false);
        pump(process.getInputStream(), "stdout", true);
    }

    static PeerProcess start(String providerId, Map<String, String> environment) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command(providerId));
        builder.environment().putAll(environment);
        return new PeerProcess(builder.start());
    }

    /** @return the peer's port, once it announced it */
    int port() throws IOException {
        try {
            return port.get(START_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("the peer JVM announced no port (" + status() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted waiting for the peer JVM", e);
        }
    }

    Process process() {
        return process;
    }

    /** @return the process's state: running, or its exit code */
    String status() {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? "exit code " + process.exitValue() : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "state unknown";
        }
    }

    private static List<String> command(String providerId) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-cp");
        command.add(classPath());
        command.add(PeerMain.class.getName());
        command.add(providerId);
        return command;
    }

    private static String classPath() {
        List<String> entries = new ArrayList<>();
        for (String property : List.of("java.class.path", "jdk.module.path")) {
            String value = System.getProperty(property, "");
            if (!value.isBlank()) {
                entries.add(value);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private void pump(InputStream stream, String name, boolean announcesPort) {
        Thread.ofPlatform().daemon().name("verbs4j-peer-" + name).start(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (announcesPort && line.startsWith(PeerMain.PORT_LINE) && !port.isDone()) {
                        port.complete(Integer.parseInt(line.substring(PeerMain.PORT_LINE.length()).strip()));
                    } else {
                        System.err.println("[peer " + name + "] " + line);
                    }
                }
            } catch (IOException e) {
                // the peer's stream ended
            }
            port.completeExceptionally(new IOException("the peer's " + name + " ended"));
        });
    }
}
