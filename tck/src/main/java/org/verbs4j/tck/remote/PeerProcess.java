package org.verbs4j.tck.remote;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The peer JVM's process: this JVM's {@code java}, class path (its module path entries too) and environment plus
 * the given variables. It connects back to a loopback port of this JVM; its standard output and error go to a log
 * file, whose last lines every report of its end quotes.
 */
final class PeerProcess {

    private static final long CONNECT_MILLIS = 60_000;
    private static final int POLL_MILLIS = 200;
    private static final int LOG_TAIL_CHARS = 4000;

    private final Process process;
    private final Path log;

    private PeerProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts the peer JVM and returns its connection to this one. */
    static PeerProcess start(String providerId, Map<String, String> environment, ServerSocket listener)
            throws IOException {
        Path log = Files.createTempFile("verbs4j-peer-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command(providerId, listener.getLocalPort()));
        builder.environment().putAll(environment);
        builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        return new PeerProcess(builder.start(), log);
    }

    /** @return a loopback listener for the peer to connect to */
    static ServerSocket listener() throws IOException {
        ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        listener.setSoTimeout(POLL_MILLIS);
        return listener;
    }

    /** @return the peer's connection, once it made it; fails as soon as the peer ends first */
    Socket accept(ServerSocket listener) throws IOException {
        long deadline = System.currentTimeMillis() + CONNECT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            try {
                return listener.accept();
            } catch (SocketTimeoutException notYet) {
                if (!process.isAlive()) {
                    throw new IOException("the peer JVM ended before it connected (" + status() + ")");
                }
            }
        }
        throw new IOException("the peer JVM did not connect within " + CONNECT_MILLIS + " ms (" + status() + ")");
    }

    Process process() {
        return process;
    }

    /** @return the process's state: running, or its exit code and the end of its log */
    String status() {
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                return "still running";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "state unknown";
        }
        return "exit code " + process.exitValue() + "; its output ends with:\n" + logTail();
    }

    /** Deletes the log, once the peer has ended. */
    void deleteLog() throws IOException {
        Files.deleteIfExists(log);
    }

    private String logTail() {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.substring(Math.max(0, text.length() - LOG_TAIL_CHARS));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private static List<String> command(String providerId, int port) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-cp");
        command.add(classPath());
        command.add(PeerMain.class.getName());
        command.add(providerId);
        command.add(Integer.toString(port));
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
}
