package org.verbs4j.provider.generic.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rdma-core release of the libibverbs this process loaded, read from the file name of the mapped
 * library ({@code libibverbs.so.1.14.<release>.<patch>}), which rdma-core derives from its version.
 */
public final class RdmaCoreVersion {

    private static final Pattern FILE = Pattern.compile("libibverbs\\.so\\.1\\.\\d+\\.(\\d+)\\.\\d+");

    private RdmaCoreVersion() {
    }

    /** @return the major release (for example 56), or 0 if it cannot be told */
    public static int loaded() {
        try {
            return parse(Files.readAllLines(Path.of("/proc/self/maps")));
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * @param maps the lines of {@code /proc/self/maps}
     * @return the major release of the libibverbs they map, or 0
     */
    static int parse(List<String> maps) {
        for (String line : maps) {
            Matcher matcher = FILE.matcher(line);
            if (matcher.find()) {
                return Integer.parseInt(matcher.group(1));
            }
        }
        return 0;
    }
}
