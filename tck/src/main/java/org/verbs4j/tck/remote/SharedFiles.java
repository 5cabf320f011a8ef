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

/** The shared-memory files the kit JVM has mapped, by path: where its segments lie and how to find them again. */
final class SharedFiles {

    private static final Map<String, MemorySegment> MAPPINGS = new ConcurrentHashMap<>();

    private SharedFiles() {
    }

    static void register(Path file, MemorySegment whole) {
        MAPPINGS.put(file.toString(), whole);
    }

    static void unregister(Path file) {
        MAPPINGS.remove(file.toString());
    }

    static Optional<SharedLocation> locate(MemorySegment segment) {
        for (Map.Entry<String, MemorySegment> entry : MAPPINGS.entrySet()) {
            MemorySegment whole = entry.getValue();
            if (contains(whole, segment)) {
                return Optional.of(new SharedLocation(entry.getKey(), whole.byteSize(), whole.address(),
                        segment.address() - whole.address(), segment.byteSize()));
            }
        }
        return Optional.empty();
    }

    /** @return the kit JVM's slice of a shared file, mapping a file the peer made if needs be */
    static MemorySegment segment(SharedLocation location) {
        MemorySegment whole = MAPPINGS.computeIfAbsent(location.file(), file -> map(file, location.fileSize()));
        return whole.asSlice(location.offset(), location.length());
    }

    static boolean contains(MemorySegment whole, MemorySegment segment) {
        return segment.isNative() && whole.scope().isAlive() && segment.address() >= whole.address()
                && segment.address() + segment.byteSize() <= whole.address() + whole.byteSize();
    }

    private static MemorySegment map(String file, long size) {
        try (FileChannel channel = FileChannel.open(Path.of(file), StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            return channel.map(FileChannel.MapMode.READ_WRITE, 0, size, Arena.ofAuto());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map the shared file " + file, e);
        }
    }
}
