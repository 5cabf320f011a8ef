package org.verbs4j.provider.efa.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.verbs4j.provider.generic.raw.RdmaCoreVersion;

/**
 * The rdma-core release of the libefa this process mapped, from its file name
 * ({@code libefa.so.1.<EFA minor>.<release>.0}); libefa and libibverbs come from the same rdma-core build, so
 * libibverbs' release stands in when the name cannot be read.
 */
public final class EfaRelease {

    private static final Pattern FILE = Pattern.compile("libefa\\.so\\.1\\.\\d+\\.(\\d+)\\.\\d+");

    private EfaRelease() {
    }

    /** @return the major release of the loaded libefa (for example 56), or of libibverbs, or 0 */
    public static int loaded() {
        try {
            int release = parse(Files.readAllLines(Path.of("/proc/self/maps")));
            return release != 0 ? release : RdmaCoreVersion.loaded();
        } catch (IOException e) {
            return RdmaCoreVersion.loaded();
        }
    }

    /**
     * @param maps the lines of {@code /proc/self/maps}
     * @return the major release of the libefa they map, or 0
     */
    public static int parse(List<String> maps) {
        for (String line : maps) {
            Matcher matcher = FILE.matcher(line);
            if (matcher.find()) {
                return Integer.parseInt(matcher.group(1));
            }
        }
        return 0;
    }
}
