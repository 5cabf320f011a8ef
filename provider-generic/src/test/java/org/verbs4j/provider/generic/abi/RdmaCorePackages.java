package org.verbs4j.provider.generic.abi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Debian's rdma-core packages of bookworm (44), trixie (56.1) and sid (65), fetched once per build by
 * provider-generic's {@code src/test/abi/fetch-rdma-core.sh} into the running module's {@code target/abi} and
 * unpacked, never installed. Shared with the vendor modules through this module's test-jar.
 */
public final class RdmaCorePackages {

    /** The architectures checked: Debian's name, the multiarch directory and the cross compiler. */
    public enum Arch {
        AMD64("amd64", "x86_64-linux-gnu"),
        ARM64("arm64", "aarch64-linux-gnu");

        private final String debian;
        private final String multiarch;

        Arch(String debian, String multiarch) {
            this.debian = debian;
            this.multiarch = multiarch;
        }

        /** @return the gcc that compiles for this architecture */
        public String compiler() {
            return multiarch + "-gcc";
        }

        /** @return the architecture of the JVM running the tests */
        public static Arch host() {
            return switch (System.getProperty("os.arch")) {
                case "amd64", "x86_64" -> AMD64;
                case "aarch64", "arm64" -> ARM64;
                default -> throw new IllegalStateException("no rdma-core packages for " + System.getProperty("os.arch"));
            };
        }
    }

    /** One unpacked suite. */
    public record Release(String suite, int major, String version, Path root) {

        Path includes(String debianArch) {
            return root.resolve(debianArch).resolve("root/usr/include");
        }

        Path libibverbs(String debianArch, String multiarch) {
            return root.resolve(debianArch).resolve("root/usr/lib").resolve(multiarch).resolve("libibverbs.so.1");
        }

        /** @return the unpacked {@code usr/include} */
        public Path includes(Arch arch) {
            return includes(arch.debian);
        }

        /**
         * @param soname a library of the unpacked packages, for example {@code "libefa.so.1"}
         * @return its path
         */
        public Path library(Arch arch, String soname) {
            return root.resolve(arch.debian).resolve("root/usr/lib").resolve(arch.multiarch).resolve(soname);
        }

        Path librdmacm(String debianArch, String multiarch) {
            return root.resolve(debianArch).resolve("root/usr/lib").resolve(multiarch).resolve("librdmacm.so.1");
        }

        @Override
        public String toString() {
            return suite + " (rdma-core " + version + ")";
        }
    }

    /** The suites, oldest first. */
    public static final List<String> SUITES = List.of("bookworm", "trixie", "sid");
    /** The {@code @MethodSource} of {@link #releasesAndArchitectures()}. */
    public static final String SOURCE = "org.verbs4j.provider.generic.abi.RdmaCorePackages#releasesAndArchitectures";
    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path OUT = MODULE.resolve("target/abi");
    private static final Path FETCH_SCRIPT = Files.exists(MODULE.resolve("src/test/abi/fetch-rdma-core.sh"))
            ? MODULE.resolve("src/test/abi/fetch-rdma-core.sh")
            : MODULE.resolve("../provider-generic/src/test/abi/fetch-rdma-core.sh").normalize();
    private static List<Release> releases;

    private RdmaCorePackages() {
    }

    /** @return every suite, fetching them on first use; fails loudly if that is impossible */
    public static synchronized List<Release> releases() throws IOException, InterruptedException {
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

    /**
     * The arguments of a test that runs once per release and architecture, for {@code @MethodSource(SOURCE)}.
     *
     * @return every release with every architecture, as ({@link Release}, {@link Arch})
     */
    public static Stream<Arguments> releasesAndArchitectures() throws IOException, InterruptedException {
        return releases().stream().flatMap(release -> Stream.of(Arch.values()).map(arch -> Arguments.of(release, arch)));
    }

    private static void fetch() throws IOException, InterruptedException {
        Path log = Files.createDirectories(OUT).resolve("fetch.log");
        Process process = new ProcessBuilder("bash", FETCH_SCRIPT.toString(), OUT.toString())
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
