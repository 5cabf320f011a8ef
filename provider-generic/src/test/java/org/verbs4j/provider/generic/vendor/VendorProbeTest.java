package org.verbs4j.provider.generic.vendor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.NativeDevice;
import org.verbs4j.provider.generic.raw.Sysfs;

/** How a vendor provider recognises its library and devices, without a device. */
class VendorProbeTest {

    private static final int AMAZON = 0x1d0f;

    @TempDir
    Path root;

    private static NativeDevice device(String name) {
        return new NativeDevice(name, 0, NodeType.CA, TransportType.IB);
    }

    @Test
    void aVendorProbeWithoutItsLibraryIsUnavailableAndSaysWhy() {
        VendorProbe probe = new VendorProbe("libverbs4j-vendor-absent.so.1", (device, pointer) -> true, "Absent");
        assertThat(probe.availability().available()).isFalse();
        assertThat(probe.availability().reason()).contains("libverbs4j-vendor-absent.so.1 not found");
        assertThat(probe.claimedDevices()).isEmpty();
    }

    @Test
    void aPciVendorRecognitionAcceptsOnlyThatVendorsDevices() throws IOException {
        write("efa_0/device/vendor", "0x1d0f");
        write("mlx5_0/device/vendor", "0x15b3");
        Files.createDirectories(root.resolve("class/infiniband/rxe0"));
        DeviceRecognition efa = DeviceRecognition.pciVendor(AMAZON, Sysfs.of(root.toString()));
        assertThat(efa.recognises(device("efa_0"), MemorySegment.NULL)).isTrue();
        assertThat(efa.recognises(device("mlx5_0"), MemorySegment.NULL)).isFalse();
        assertThat(efa.recognises(device("rxe0"), MemorySegment.NULL)).as("a software device").isFalse();
    }

    @Test
    void aLibraryTestWhoseFunctionIsMissingIsUnsupportedAndNamesIt() {
        DeviceRecognition missing = DeviceRecognition.testedBy("libc.so.6", "verbs4j_no_such_test");
        assertThatThrownBy(() -> missing.recognises(device("x0"), MemorySegment.NULL))
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("verbs4j_no_such_test");
    }

    private void write(String path, String content) throws IOException {
        Path file = root.resolve("class/infiniband").resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
