package org.verbs4j.provider.generic.objects;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in native library of {@code src/test/c}, compiled by the test with gcc against the real headers of
 * rdma-core 56.1 (Debian trixie, fetched into {@code target/abi} by {@code src/test/abi/fetch-rdma-core.sh} as
 * the ABI check does) into {@code target/standin}, and loaded for the rest of the JVM. A machine without gcc or
 * the Debian archive fails the test instead of skipping it.
 */
@SuppressWarnings("restricted")
final class StandInLibrary {

    private static final Path MODULE = Path.of("").toAbsolutePath();

    private StandInLibrary() {
    }

    /**
     * @param name the library's name, {@code lib<name>.so}
     * @param sources the C files under {@code src/test/c}
     * @return the loaded library
     */
    static SymbolLookup build(String name, String... sources) throws IOException, InterruptedException {
        Path abi = MODULE.resolve("target/abi");
        run(abi.resolve("fetch-trixie.log"), "bash", MODULE.resolve("src/test/abi/fetch-rdma-core.sh").toString(),
                abi.toString(), "trixie");
        Path library = Files.createDirectories(MODULE.resolve("target/standin")).resolve("lib" + name + ".so");
        List<String> gcc = new ArrayList<>(List.of("gcc", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
                "-I", abi.resolve("trixie").resolve(debianArch()).resolve("root/usr/include").toString(),
                "-o", library.toString()));
        for (String source : sources) {
            gcc.add(MODULE.resolve("src/test/c").resolve(source).toString());
        }
        run(library.resolveSibling(name + ".log"), gcc.toArray(String[]::new));
        return SymbolLookup.libraryLookup(library, Arena.global());
    }

    private static String debianArch() {
        return switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> "amd64";
            case "aarch64" -> "arm64";
            default -> throw new IllegalStateException("no Debian architecture for " + System.getProperty("os.arch"));
        };
    }

    private static void run(Path log, String... command) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(15, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException(command[0] + " timed out; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + Files.readString(log).strip());
        }
    }
}
