package org.verbs4j.buildchecks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The generic provider's production sources name no vendor's direct verbs: vendor code belongs to the vendor
 * modules, behind the DirectVerbs seam. This reads the text (strings, messages and comments included), which
 * the class rules of {@link ArchitectureTest} cannot see.
 */
class GenericProviderSourcesTest {

    private static final Pattern VENDOR_NAME = Pattern.compile("(?i)efadv|mlx5dv");

    @Test
    void noVendorNameAppearsInTheGenericProvider() throws IOException {
        Path sources = Reactor.module("verbs4j-provider-generic").directory().resolve("src/main");
        List<Path> files;
        try (Stream<Path> tree = Files.walk(sources)) {
            files = tree.filter(Files::isRegularFile).toList();
        }
        assertThat(files).as("files under %s", sources).hasSizeGreaterThan(50);
        assertThat(files.stream().filter(GenericProviderSourcesTest::namesAVendor).map(sources::relativize))
                .as("files of %s that name efadv or mlx5dv", sources).isEmpty();
    }

    private static boolean namesAVendor(Path file) {
        try {
            return VENDOR_NAME.matcher(Files.readString(file)).find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
