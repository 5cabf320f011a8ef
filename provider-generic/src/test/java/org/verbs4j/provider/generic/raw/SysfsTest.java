package org.verbs4j.provider.generic.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Sysfs} on trees made in a temporary directory, as {@code SYSFS_PATH} would name them. */
class SysfsTest {

    @TempDir
    Path root;

    @Test
    void withoutSysfsPathTheTreeIsSys() {
        assertThat(Sysfs.of(null).root()).isEqualTo(Path.of("/sys"));
    }

    @Test
    void sysfsPathLosesItsTrailingSlashesAsInLibibverbs() {
        assertThat(Sysfs.of("/tmp/fake-sys//").root()).isEqualTo(Path.of("/tmp/fake-sys"));
        assertThat(Sysfs.of("/").root()).isEqualTo(Path.of("/"));
    }

    @Test
    void aDeviceLivesUnderClassInfiniband() {
        assertThat(Sysfs.of(root.toString()).device("efa_9")).isEqualTo(root.resolve("class/infiniband/efa_9"));
    }

    @Test
    void theVendorFileGivesThePciVendorId() throws IOException {
        write("efa_0/device/vendor", "0x1d0f\n");
        assertThat(Sysfs.of(root.toString()).pciVendorId("efa_0")).isEqualTo(OptionalInt.of(0x1d0f));
    }

    @Test
    void withoutVendorFileTheModaliasGivesIt() throws IOException {
        write("efa_9/device/modalias", "pci:v00001D0Fd0000EFA0sv00000000sd00000000bc02sc00i00\n");
        assertThat(Sysfs.of(root.toString()).pciVendorId("efa_9")).isEqualTo(OptionalInt.of(0x1d0f));
    }

    @Test
    void aDeviceWithoutPciDeviceHasNoVendor() throws IOException {
        Files.createDirectories(root.resolve("class/infiniband/rxe0"));
        write("odd0/device/modalias", "platform:something");
        write("bad0/device/vendor", "not hex");
        Sysfs sysfs = Sysfs.of(root.toString());
        assertThat(sysfs.pciVendorId("rxe0")).isEmpty();
        assertThat(sysfs.pciVendorId("odd0")).isEmpty();
        assertThat(sysfs.pciVendorId("bad0")).isEmpty();
        assertThat(sysfs.pciVendorId("absent0")).isEmpty();
    }

    private void write(String path, String content) throws IOException {
        Path file = root.resolve("class/infiniband").resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
