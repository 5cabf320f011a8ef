package org.verbs4j.tck.remote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An arena whose every allocation is a file of its own in shared memory ({@code /dev/shm} if it exists, else the
 * temporary directory), mapped read-write: the peer JVM maps the same file, so both see the same bytes. Closing
 * the arena unmaps and deletes its files. Where this JVM may call native code ({@code --enable-native-access}), the
 * files are mapped far from anything else, so that the peer maps them at the same addresses.
 */
final class SharedMemoryArena implements Arena {

    private static final long PAGE = 4096;

    private final Arena mappings = Arena.ofShared();
    private final List<Path> files = new CopyOnWriteArrayList<>();

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        if (byteSize < 0 || byteAlignment <= 0 || Long.bitCount(byteAlignment) != 1) {
            throw new IllegalArgumentException("invalid size " + byteSize + " or alignment " + byteAlignment);
        }
        if (!mappings.scope().isAlive()) {
            throw new IllegalStateException("the shared arena is closed");
        }
        long extra = byteAlignment > PAGE ? byteAlignment : 0;
        MemorySegment whole = map(newFile(), Math.max(byteSize + extra, 1));
        long skip = (byteAlignment - whole.address() % byteAlignment) % byteAlignment;
        return whole.asSlice(skip, byteSize);
    }

    @Override
    public MemorySegment.Scope scope() {
        return mappings.scope();
    }

    @Override
    public void close() {
        mappings.close();
        for (Path file : files) {
            SharedFiles.unregister(file);
            delete(file);
        }
        files.clear();
    }

    private Path newFile() {
        try {
            Path file = Files.createTempFile(directory(), "verbs4j-shared-", ".mem");
            files.add(file);
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a shared-memory file", e);
        }
    }

    /** Maps {@code file} at a far address where it can (the peer will find it free), else anywhere. */
    private MemorySegment map(Path file, long size) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(1), size - 1); // the file's size: mmap does not grow it
            MemorySegment whole = FixedAddressMapping.map(file.toString(), size, FarAddresses.next(size), mappings)
                    .orElseGet(() -> mapAnywhere(channel, size));
            SharedFiles.register(file, whole);
            return whole;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map the shared-memory file " + file, e);
        }
    }

    private MemorySegment mapAnywhere(FileChannel channel, long size) {
        try {
            return channel.map(FileChannel.MapMode.READ_WRITE, 0, size, mappings);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path directory() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // the file stays until the JVM exits (deleteOnExit)
        }
    }
}
