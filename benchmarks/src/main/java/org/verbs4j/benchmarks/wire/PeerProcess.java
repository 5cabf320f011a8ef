package org.verbs4j.benchmarks.wire;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@link WirePeer} JVM, started as this one was (the same java, class path and JVM options, but its own soft
 * address and the options of {@value #PEER_OPTIONS}), and the line exchange with it.
 */
final class PeerProcess implements AutoCloseable {

    /** The system property with extra JVM options for the peer only (space-separated). */
    static final String PEER_OPTIONS = "verbs4j.bench.peer-options";

    private final Process process;
    private final BufferedReader in;
    private final PrintStream out;

    private PeerProcess(Process process) {
        this.process = process;
        this.in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.out = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
    }

    /** Starts the peer with soft0 bound to {@code address} and RoCE v2 on {@code udpPort}. */
    static PeerProcess start(String address, int udpPort) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!option.startsWith("-Dverbs4j.") && !option.startsWith("-XX:StartFlightRecording")) {
                command.add(option);
            }
        }
        for (String option : System.getProperty(PEER_OPTIONS, "").split(" ")) {
            if (!option.isBlank()) {
                command.add(option);
            }
        }
        command.addAll(List.of("-Dverbs4j.soft.addresses=" + address, "-Dverbs4j.soft.udp-port=" + udpPort, "-cp",
                System.getProperty("java.class.path"), WirePeer.class.getName(), address));
        return new PeerProcess(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    /**
     * @return the words of the peer's {@code ready} line; lines the JVM printed before it (notices of its options)
     *     are passed to the standard error
     */
    String[] awaitReady() throws IOException {
        String[] line = next();
        while (!line[0].equals("ready")) {
            System.err.println("peer: " + String.join(" ", line));
            line = next();
        }
        return line;
    }

    /** @return the words of the peer's next line */
    String[] next() throws IOException {
        String line = in.readLine();
        if (line == null) {
            throw new IOException("the peer JVM ended (exit status " + exitStatus() + ")");
        }
        return line.split(" ");
    }

    /** @return the words of the peer's answer to {@code command} */
    String[] ask(String command) throws IOException {
        out.println(command);
        return next();
    }

    private String exitStatus() {
        try {
            return process.waitFor(5, TimeUnit.SECONDS) ? String.valueOf(process.exitValue()) : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    @Override
    public void close() throws IOException {
        out.println("quit");
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroy();
            }
        } catch (InterruptedException e) {
            process.destroy();
            Thread.currentThread().interrupt();
        }
    }
}
