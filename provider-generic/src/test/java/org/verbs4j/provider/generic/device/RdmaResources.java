package org.verbs4j.provider.generic.device;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the kernel holds for this process, read with iproute2's {@code rdma resource show TYPE}: each line
 * of an object a user process created ends with {@code pid PID comm NAME}, where PID is the thread that
 * created it (the kernel records the task, not the process), so a line is this process's if PID is one of
 * its threads ({@code /proc/self/task}).
 */
final class RdmaResources {

    /** The object types counted. */
    static final List<String> TYPES = List.of("ctx", "pd", "mr", "cq", "qp");

    private static final Pattern PID = Pattern.compile(" pid (\\d+)( |$)");

    private RdmaResources() {
    }

    /** @return for each of {@link #TYPES}, how many objects of that type this process owns */
    static Map<String, Long> ownedByThisProcess() throws IOException, InterruptedException {
        Set<String> threads;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            threads = tasks.map(task -> task.getFileName().toString()).collect(Collectors.toSet());
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String type : TYPES) {
            counts.put(type, show(type).lines().map(PID::matcher).filter(Matcher::find)
                    .filter(pid -> threads.contains(pid.group(1))).count());
        }
        return counts;
    }

    /**
     * Collects garbage and counts again every 100 ms until the counts are {@code before} or {@code timeout}
     * has passed, for a test that leaked objects and waits for the safety net to destroy them.
     *
     * @return the last counts
     */
    static Map<String, Long> awaitCounts(Map<String, Long> before, Duration timeout)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, Long> now = ownedByThisProcess();
        while (!now.equals(before) && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(100);
            now = ownedByThisProcess();
        }
        return now;
    }

    private static String show(String type) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("rdma", "resource", "show", type).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("rdma resource show " + type + " failed: " + output);
        }
        return output;
    }
}
