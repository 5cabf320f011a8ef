package org.verbs4j.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What a measuring main prints about the machine: its CPU and its load average. */
public final class Machine {

    private Machine() {
    }

    /** @return the 1, 5 and 15-minute load averages, or "unknown" */
    public static String load() throws IOException {
        Path loadavg = Path.of("/proc/loadavg");
        if (!Files.isReadable(loadavg)) {
            return "unknown";
        }
        String[] fields = Files.readString(loadavg).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }

    /** @return the CPU's model name and the number of CPUs */
    public static String cpu() throws IOException {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        String model = Files.isReadable(cpuinfo) ? Files.readAllLines(cpuinfo).stream()
                .filter(line -> line.startsWith("model name")).map(line -> line.substring(line.indexOf(':') + 2))
                .findFirst().orElse(System.getProperty("os.arch")) : System.getProperty("os.arch");
        return model + ", " + Runtime.getRuntime().availableProcessors() + " CPUs";
    }
}
