package org.verbs4j.provider.mlx5.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.verbs4j.provider.generic.raw.RdmaCoreVersion;

/**
 * The rdma-core release of the loaded libmlx5: from the file name of the mapped library
 * ({@code libmlx5.so.1.<abi>.<release>.<patch>}), else from libibverbs' (both ship in one rdma-core), else the
 * newest release the binding knows, whose structs are the largest and whose unknown request bits libmlx5
 * ignores.
 */
public final class Mlx5Release {

    /** The newest rdma-core release whose mlx5dv structs the binding knows. */
    public static final int NEWEST = 65;

    private static final Pattern FILE = Pattern.compile("libmlx5\\.so\\.1\\.\\d+\\.(\\d+)\\.\\d+");

    private Mlx5Release() {
    }

    /** @return the major release of the mapped libmlx5 */
    public static int loaded() {
        try {
            int mapped = parse(Files.readAllLines(Path.of("/proc/self/maps")));
            return mapped != 0 ? mapped : orNewest(RdmaCoreVersion.loaded());
        } catch (IOException e) {
            return orNewest(RdmaCoreVersion.loaded());
        }
    }

    /**
     * @param maps the lines of {@code /proc/self/maps}
     * @return the major release of the libmlx5 they map, or 0
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

    private static int orNewest(int release) {
        return release != 0 ? release : NEWEST;
    }
}
