package org.verbs4j.provider.generic.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The kernel driver behind an RDMA device, read from sysfs
 * ({@code /sys/class/infiniband/<device>/device/driver}), which is how vendor providers recognise
 * their own devices before opening them.
 */
public final class KernelDriver {

    private static final Path SYSFS_CLASS = Path.of("/sys/class/infiniband");

    private KernelDriver() {
    }

    /**
     * @param deviceName an RDMA device name
     * @return the name of its kernel driver (for example {@code "mlx5_core"} or {@code "efa"}), or empty
     *     for a software device with no bus device (such as rxe) or when sysfs cannot be read
     */
    public static Optional<String> of(String deviceName) {
        try {
            Path link = Files.readSymbolicLink(SYSFS_CLASS.resolve(deviceName).resolve("device").resolve("driver"));
            return Optional.of(link.getFileName().toString());
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }
}
