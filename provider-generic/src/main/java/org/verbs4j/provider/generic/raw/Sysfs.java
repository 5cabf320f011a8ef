package org.verbs4j.provider.generic.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The sysfs tree where libibverbs finds its devices: {@code $SYSFS_PATH} without its trailing slashes if
 * the variable is set, {@code /sys} otherwise, as {@code ibv_get_sysfs_path} decides. A device's directory
 * is {@code <root>/class/infiniband/<name>}, its bus device {@code <that>/device}.
 *
 * @param root the root of the tree
 */
public record Sysfs(Path root) {

    /** The PCI modalias prefix, {@code pci:v} followed by the vendor id as 8 hexadecimal digits. */
    private static final String PCI_MODALIAS = "pci:v";
    private static final int VENDOR_DIGITS = 8;

    /** @return the tree libibverbs of this process uses */
    public static Sysfs current() {
        return of(System.getenv("SYSFS_PATH"));
    }

    /**
     * @param sysfsPath the value of {@code SYSFS_PATH}, or {@code null} if it is not set
     * @return the tree it names
     */
    public static Sysfs of(String sysfsPath) {
        if (sysfsPath == null) {
            return new Sysfs(Path.of("/sys"));
        }
        String trimmed = sysfsPath.replaceFirst("/+$", "");
        return new Sysfs(Path.of(trimmed.isEmpty() ? "/" : trimmed));
    }

    /**
     * @param deviceName an RDMA device name
     * @return its directory, {@code class/infiniband/<name>}
     */
    public Path device(String deviceName) {
        return root.resolve("class").resolve("infiniband").resolve(deviceName);
    }

    /**
     * The PCI vendor id of a device's bus device: its {@code device/vendor} file ({@code 0x1d0f}), or else the
     * vendor of its {@code device/modalias} ({@code pci:v00001D0Fd...}).
     *
     * @param deviceName an RDMA device name
     * @return the vendor id, or empty for a device with no PCI device (such as rxe) or unreadable files
     */
    public OptionalInt pciVendorId(String deviceName) {
        Path bus = device(deviceName).resolve("device");
        OptionalInt vendor = read(bus.resolve("vendor")).map(Sysfs::hex).orElse(OptionalInt.empty());
        if (vendor.isPresent()) {
            return vendor;
        }
        return read(bus.resolve("modalias")).map(Sysfs::modaliasVendor).orElse(OptionalInt.empty());
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file).strip());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static OptionalInt hex(String value) {
        String digits = value.toLowerCase(Locale.ROOT).startsWith("0x") ? value.substring(2) : value;
        try {
            return OptionalInt.of(Integer.parseUnsignedInt(digits, 16));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    private static OptionalInt modaliasVendor(String modalias) {
        if (!modalias.startsWith(PCI_MODALIAS) || modalias.length() < PCI_MODALIAS.length() + VENDOR_DIGITS) {
            return OptionalInt.empty();
        }
        return hex(modalias.substring(PCI_MODALIAS.length(), PCI_MODALIAS.length() + VENDOR_DIGITS));
    }
}
