package org.verbs4j.provider.generic.abi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's rdma-core packages of bookworm (44), trixie (56.1) and sid (65), fetched once per build by
 * {@code src/test/abi/fetch-rdma-core.sh} into {@code target/abi} and unpacked, never installed.
 */
final class RdmaCorePackages {

    /** One unpacked suite. */
    record Release(String suite, int major, String version, Path root) {

        Path includes(String debianArch) {
            return root.resolve(debianArch).resolve("root/usr/include");
        }

        Path libibverbs(String debianArch, String multiarch) {
            return root.resolve(debianArch).resolve("root/usr/lib").resolve(multiarch).resolve("libibverbs.so.1");
        }

        Path librdmacm(String debianArch, String multiarch) {
            return root.resolve(debianArch).resolve("root/usr/lib").resolve(multiarch).resolve("librdmacm.so.1");
        }

        @Override
        public String toString() {
            return suite + " (rdma-core " + version + ")";
        }
    }

    static final List<String> SUITES = List.of("bookworm", "trixie", "sid");
    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path OUT = MODULE.resolve("target/abi");
    private static List<Release> releases;

    private RdmaCorePackages() {
    }

    /** @return every suite, fetching them on first use; fails loudly if that is impossible */
    static synchronized List<Release> releases() throws IOException, InterruptedException {
        if (releases == null) {
            fetch();
            List<Release> found = new ArrayList<>();
            for (String suite : SUITES) {
                found.add(release(suite));
            }
            releases = List.copyOf(found);
        }
        return releases;
    }

    private static void fetch() throws IOException, InterruptedException {
        Path script = MODULE.resolve("src/test/abi/fetch-rdma-core.sh");
        Path log = Files.createDirectories(OUT).resolve("fetch.log");
        Process process = new ProcessBuilder("bash", script.toString(), OUT.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(15, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("fetching rdma-core packages timed out; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("cannot fetch Debian's rdma-core packages (needs apt-get, dpkg-deb and"
                    + " the Debian archive): " + Files.readString(log).strip());
        }
    }

    private static Release release(String suite) throws IOException {
        Path root = OUT.resolve(suite);
        String version = Files.readAllLines(root.resolve("versions.txt")).stream()
                .filter(line -> line.startsWith("libibverbs1 ")).map(line -> line.split(" ")[1])
                .findFirst().orElseThrow(() -> new IllegalStateException("no libibverbs1 in " + root));
        return new Release(suite, Integer.parseInt(version.substring(0, version.indexOf('.'))), version, root);
    }
}
