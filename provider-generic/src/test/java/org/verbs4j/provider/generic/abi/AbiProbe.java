package org.verbs4j.provider.generic.abi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks gcc for the values of {@link ProbeEntry probe entries} with the real rdma-core headers, without
 * running anything: the probe is compiled with {@code -S} and every value is read back from the assembly,
 * as the Linux kernel's asm-offsets do. That works for a cross compiler too. An entry that does not
 * compile (a member or constant the headers lack) is reported as missing, by the line of its error.
 */
public final class AbiProbe {

    /** What gcc said: the value of every entry that compiled, and the keys of those that did not. */
    public record Result(Map<String, Long> values, Set<String> missing) {

        /**
         * @param entries what was asked, with the values a table gives for rdma-core {@code major}
         * @param major the release the headers are of
         * @return where gcc disagrees with the table: an entry present before the release the table has it
         *     from, absent from it, or of another value
         */
        public List<String> differences(List<ProbeEntry> entries, int major) {
            List<String> differences = new ArrayList<>();
            for (ProbeEntry entry : entries) {
                String difference = difference(entry, major);
                if (difference != null) {
                    differences.add(difference);
                }
            }
            return differences;
        }

        private String difference(ProbeEntry entry, int major) {
            boolean present = !missing.contains(entry.key());
            if (present != entry.since() <= major) {
                return entry.key() + (present ? " exists, but the table has it only from rdma-core " + entry.since()
                        : " does not exist");
            }
            long actual = values.getOrDefault(entry.key(), Long.MIN_VALUE);
            return present && actual != entry.expected() ? entry.key() + ": C " + actual + ", Java " + entry.expected()
                    : null;
        }
    }

    private static final List<String> HEADER = List.of(
            "#include <stddef.h>",
            "#include <errno.h>",
            "#include <fcntl.h>",
            "#include <infiniband/verbs.h>",
            "#include <infiniband/tm_types.h>",
            "#include <infiniband/efadv.h>",
            "#include <infiniband/mlx5dv.h>",
            "#include <rdma/rdma_cma.h>",
            "#define V(key, val) __asm__ volatile(\"\\n.ascii \\\"->\" key \" %0\\\"\" :: \"i\" ((long long)(val)))",
            "void verbs4j_probe(void);",
            "void verbs4j_probe(void) {");
    private static final Pattern ERROR = Pattern.compile("^[^:]*probe\\.c:(\\d+):\\d+: error: .*$", Pattern.MULTILINE);
    private static final Pattern VALUE = Pattern.compile("->(\\S+(?: \\S+)?) [$#]?(-?\\d+)");

    private AbiProbe() {
    }

    /**
     * @param compiler the gcc to use, for example {@code gcc} or {@code aarch64-linux-gnu-gcc}
     * @param includes the unpacked {@code usr/include} of a release
     * @param work a directory for the probe files
     * @param entries what to ask
     * @return the answers
     */
    public static Result run(String compiler, Path includes, Path work, List<ProbeEntry> entries)
            throws IOException, InterruptedException {
        Files.createDirectories(work);
        List<ProbeEntry> remaining = new ArrayList<>(entries);
        Set<String> missing = new HashSet<>();
        for (int attempt = 0; attempt < 3; attempt++) {
            Compilation compilation = compile(compiler, includes, work, remaining);
            if (compilation.exit == 0) {
                return new Result(parse(compilation.assembly), missing);
            }
            Set<ProbeEntry> failed = failedEntries(compilation.errors, remaining);
            for (ProbeEntry entry : failed) {
                missing.add(entry.key());
            }
            remaining.removeAll(failed);
        }
        throw new IllegalStateException("the probe does not compile with " + compiler + " and " + includes);
    }

    private record Compilation(int exit, String assembly, String errors) {
    }

    private static Compilation compile(String compiler, Path includes, Path work, List<ProbeEntry> entries)
            throws IOException, InterruptedException {
        Path source = work.resolve("probe.c");
        Path assembly = work.resolve("probe.s");
        Path errors = work.resolve("probe.err");
        Files.write(source, source(entries));
        Files.deleteIfExists(assembly);
        ProcessBuilder builder = new ProcessBuilder(compiler, "-S", "-O0", "-fmax-errors=0", "-w",
                "-I" + includes, "-o", assembly.toString(), source.toString())
                .redirectErrorStream(true).redirectOutput(errors.toFile());
        builder.environment().put("LC_ALL", "C");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException(compiler + " is missing: the ABI conformance check needs it ("
                    + "apt-get install gcc gcc-aarch64-linux-gnu)", e);
        }
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException(compiler + " timed out");
        }
        String text = Files.readString(errors);
        return new Compilation(process.exitValue(), process.exitValue() == 0 ? Files.readString(assembly) : "",
                text);
    }

    private static List<String> source(List<ProbeEntry> entries) {
        List<String> lines = new ArrayList<>(HEADER);
        for (ProbeEntry entry : entries) {
            lines.add("    V(\"" + entry.key() + "\", " + entry.cExpression() + ");");
        }
        lines.add("}");
        return lines;
    }

    private static Set<ProbeEntry> failedEntries(String errors, List<ProbeEntry> entries) {
        Set<ProbeEntry> failed = new HashSet<>();
        Matcher matcher = ERROR.matcher(errors);
        while (matcher.find()) {
            int index = Integer.parseInt(matcher.group(1)) - HEADER.size() - 1;
            if (index < 0 || index >= entries.size()) {
                throw new IllegalStateException("the probe itself does not compile:\n" + errors);
            }
            failed.add(entries.get(index));
        }
        if (failed.isEmpty()) {
            throw new IllegalStateException("the probe does not compile:\n" + errors);
        }
        return failed;
    }

    private static Map<String, Long> parse(String assembly) {
        Map<String, Long> values = new HashMap<>();
        Matcher matcher = VALUE.matcher(assembly);
        while (matcher.find()) {
            values.put(matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        return values;
    }
}
