package org.verbs4j.provider.mlx5.standin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.verbs4j.provider.generic.abi.DynamicSymbols;
import org.verbs4j.provider.mlx5.abi.Mlx5Symbols;
import org.verbs4j.provider.generic.abi.RdmaCorePackages;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Arch;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;

/**
 * Builds the stand-in libmlx5 of {@code src/test/c/mlx5_standin.c} for one rdma-core release and the host's
 * architecture: gcc with that release's real headers, linked with a version script generated from that
 * release's real {@code libmlx5.so.1}, so that each entry point it implements gets the real library's name and
 * version nodes. Built once per JVM into {@code target/mlx5-standin/<suite>/<arch>/}.
 */
public final class StandInLibrary {

    /** The node of the stand-in's own recording API, which the real library does not have. */
    public static final String OWN_NODE = "VERBS4J_MLX5_STANDIN";
    /** The prefix of the stand-in's own recording API. */
    public static final String OWN_PREFIX = "verbs4j_mlx5_standin_";

    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path SOURCE = MODULE.resolve("src/test/c/mlx5_standin.c");
    private static final Map<String, Path> BUILT = new HashMap<>();

    private StandInLibrary() {
    }

    /** @return the stand-in of {@code release} for the host, built on first use */
    public static Path of(Release release) throws IOException, InterruptedException {
        return of(release, Arch.host());
    }

    /**
     * @return the stand-in of {@code release} for {@code arch} (with its cross compiler when it is not the
     *         host's: such a build is only read, never loaded), built on first use
     */
    public static synchronized Path of(Release release, Arch arch) throws IOException, InterruptedException {
        String key = release.suite() + "/" + arch.name().toLowerCase();
        Path built = BUILT.get(key);
        if (built == null) {
            built = build(release, arch, MODULE.resolve("target/mlx5-standin").resolve(key));
            BUILT.put(key, built);
        }
        return built;
    }

    /** @return the releases, as {@link RdmaCorePackages#releases()} */
    public static List<Release> releases() throws IOException, InterruptedException {
        return RdmaCorePackages.releases();
    }

    /**
     * @param real the real library's defined symbols
     * @return {@code name@@node} and {@code name@node} of the real library for every entry point the stand-in
     *         implements, that is, every {@link Mlx5Symbols} name
     */
    public static Set<String> implementedIn(Set<String> real) {
        Set<String> names = new TreeSet<>();
        for (Mlx5Symbols symbol : Mlx5Symbols.values()) {
            names.add(symbol.cName());
        }
        Set<String> implemented = new TreeSet<>();
        for (String symbol : real) {
            if (symbol.contains("@") && names.contains(DynamicSymbols.name(symbol))) {
                implemented.add(symbol);
            }
        }
        return implemented;
    }

    private static Path build(Release release, Arch arch, Path directory) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(directory);
        Path script = dir.resolve("libmlx5-standin.map");
        Files.write(script, versionScript(implementedIn(DynamicSymbols.defined(release.library(arch, "libmlx5.so.1")))));
        Path library = dir.resolve("libmlx5-standin.so");
        Path log = dir.resolve("gcc.log");
        List<String> command = List.of(arch.compiler(), "-O1", "-g", "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-fPIC",
                "-shared", "-fvisibility=hidden", "-DVERBS4J_RDMA_CORE_MAJOR=" + release.major(),
                "-I" + release.includes(arch), "-Wl,--version-script=" + script, "-o", library.toString(),
                SOURCE.toString(), "-lpthread");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("LC_ALL", "C");
        Process process = builder.start();
        if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IllegalStateException("the stand-in does not build for " + release + " " + arch + ":\n"
                    + Files.readString(log));
        }
        return library;
    }

    /** One node per version of the real library, the first one hiding everything else, then the stand-in's own. */
    static List<String> versionScript(Set<String> implemented) {
        Map<String, List<String>> byNode = new TreeMap<>();
        for (String symbol : implemented) {
            String node = symbol.substring(symbol.lastIndexOf('@') + 1);
            byNode.computeIfAbsent(node, key -> new ArrayList<>()).add(DynamicSymbols.name(symbol));
        }
        List<String> lines = new ArrayList<>();
        boolean first = true;
        for (Map.Entry<String, List<String>> node : byNode.entrySet()) {
            lines.add(node.getKey() + " {");
            lines.add("  global: " + String.join("; ", node.getValue()) + ";");
            if (first) {
                lines.add("  local: *;");
                first = false;
            }
            lines.add("};");
        }
        lines.add(OWN_NODE + " { global: " + OWN_PREFIX + "*; };");
        return lines;
    }
}
