package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A peer JVM of the two-JVM tests: this test's class path, its soft0 bound to an address on loopback
 * ({@code verbs4j.soft.addresses}) and a UDP port both peers share ({@code verbs4j.soft.udp-port}), its standard
 * error in a file of the test's log directory.
 */
final class PeerJvm {

    static final String SERVER_IP = "127.0.0.2";
    static final String CLIENT_IP = "127.0.0.1";

    private PeerJvm() {
    }

    /** Starts {@code main} with {@code args}, its soft0 bound to {@code address}; standard error to {@code role.err}. */
    static Process start(Path logs, String role, String address, int udpPort, Class<?> main, String... args)
            throws IOException {
        return start(logs, role, List.of("-Dverbs4j.soft.addresses=" + address), udpPort, main, args);
    }

    /** Starts {@code main} with {@code args} and the system properties {@code options} ({@code -Dname=value}). */
    static Process start(Path logs, String role, List<String> options, int udpPort, Class<?> main, String... args)
            throws IOException {
        List<String> all = new ArrayList<>(options);
        all.add("-Dverbs4j.soft.udp-port=" + udpPort);
        return builder(logs, role, all, main, args).start();
    }

    /** @return the command of a peer running {@code main} with {@code options}; standard error to {@code role.err} */
    static ProcessBuilder builder(Path logs, String role, List<String> options, Class<?> main, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classPath()));
        command.addAll(options);
        command.add(main.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(logs.resolve(role + ".err").toFile());
    }

    /** @return what the peer printed from now to its end, then its standard error */
    static String output(Path logs, Process process, String role) throws IOException {
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII)
                + Files.readString(logs.resolve(role + ".err"));
    }

    /**
     * Gives each of two peers the first line the other printed (its queue pair numbers), as the C pingpong tools
     * exchange theirs, and closes their standard input.
     */
    static void exchangeFirstLines(Process server, Process client) throws IOException {
        String serverLine = firstLine(server);
        String clientLine = firstLine(client);
        sendLine(client, serverLine);
        sendLine(server, clientLine);
    }

    private static String firstLine(Process process) throws IOException {
        String line = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))
                .readLine();
        assertThat(line).as("the peer's line of queue pair numbers").isNotNull();
        return line;
    }

    private static void sendLine(Process process, String line) throws IOException {
        try (Writer in = process.outputWriter(StandardCharsets.US_ASCII)) {
            in.write(line + "\n");
        }
    }

    /** @return a UDP port free on the client's address, for both peers */
    static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(CLIENT_IP), 0))) {
            return socket.getLocalPort();
        }
    }

    /** @return the test's class path and module path as one class path */
    private static String classPath() {
        String modules = System.getProperty("jdk.module.path", "");
        String classes = System.getProperty("java.class.path", "");
        return modules.isEmpty() ? classes : modules + File.pathSeparator + classes;
    }
}
