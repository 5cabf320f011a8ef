package org.verbs4j.tck.remote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shared-memory files the peer has mapped, each once: at the kit JVM's address when that is free here, so
 * that addresses agree in both JVMs, else wherever the system puts it.
 */
final class PeerMappings {

    private record Mapping(MemorySegment whole, long kitBase) {
    }

    private final Arena arena = Arena.ofShared();
    private final Map<String, Mapping> files = new ConcurrentHashMap<>();

    MemorySegment segment(SharedLocation location) {
        Mapping mapping = files.computeIfAbsent(location.file(), file -> map(location));
        return mapping.whole().asSlice(location.offset(), location.length());
    }

    Optional<SharedLocation> locate(MemorySegment segment) {
        for (Map.Entry<String, Mapping> entry : files.entrySet()) {
            MemorySegment whole = entry.getValue().whole();
            if (SharedFiles.contains(whole, segment)) {
                return Optional.of(new SharedLocation(entry.getKey(), whole.byteSize(), entry.getValue().kitBase(),
                        segment.address() - whole.address(), segment.byteSize()));
            }
        }
        return Optional.empty();
    }

    private Mapping map(SharedLocation location) {
        Optional<MemorySegment> atKitAddress = FixedAddressMapping.map(location.file(), location.fileSize(),
                location.kitBase(), arena);
        return new Mapping(atKitAddress.orElseGet(() -> mapAnywhere(location)), location.kitBase());
    }

    private MemorySegment mapAnywhere(SharedLocation location) {
        try (FileChannel channel = FileChannel.open(Path.of(location.file()), StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            return channel.map(FileChannel.MapMode.READ_WRITE, 0, location.fileSize(), arena);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map the shared file " + location.file(), e);
        }
    }
}
