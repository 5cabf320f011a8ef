package org.verbs4j.tck.remote;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Maps a file at a given address with Linux's {@code mmap(MAP_FIXED_NOREPLACE)}, so that the peer sees shared
 * memory at the kit JVM's addresses (a registered region's address then means the same in both JVMs).
 */
@SuppressWarnings("restricted") // the peer JVM runs with --enable-native-access
final class FixedAddressMapping {

    private static final int O_RDWR = 2;
    private static final int PROT_READ_WRITE = 3;
    private static final int MAP_SHARED = 1;
    private static final int MAP_FIXED_NOREPLACE = 0x100000;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final MethodHandle OPEN = handle("open",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    private static final MethodHandle CLOSE = handle("close",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle MMAP = handle("mmap", FunctionDescriptor.of(ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
    private static final MethodHandle MUNMAP = handle("munmap",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));

    private FixedAddressMapping() {
    }

    /** @return the file mapped at {@code address}, unmapped when {@code arena} closes; empty if that failed */
    static Optional<MemorySegment> map(String file, long size, long address, Arena arena) {
        if (OPEN == null || CLOSE == null || MMAP == null || MUNMAP == null) {
            return Optional.empty();
        }
        try (Arena scratch = Arena.ofConfined()) {
            int fd = (int) OPEN.invokeExact(scratch.allocateFrom(file), O_RDWR);
            if (fd < 0) {
                return Optional.empty();
            }
            MemorySegment mapped = (MemorySegment) MMAP.invokeExact(MemorySegment.ofAddress(address), size,
                    PROT_READ_WRITE, MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0L);
            int closed = (int) CLOSE.invokeExact(fd);
            return mapped.address() == address && closed == 0 ? Optional.of(owned(mapped, size, arena))
                    : unmapWrong(mapped, size);
        } catch (Throwable e) {
            return Optional.empty();
        }
    }

    private static MemorySegment owned(MemorySegment mapped, long size, Arena arena) {
        return mapped.reinterpret(size, arena, segment -> unmap(segment.address(), size));
    }

    private static Optional<MemorySegment> unmapWrong(MemorySegment mapped, long size) {
        if (mapped.address() != -1L) {
            unmap(mapped.address(), size);
        }
        return Optional.empty();
    }

    private static void unmap(long address, long size) {
        try {
            int ignored = (int) MUNMAP.invokeExact(MemorySegment.ofAddress(address), size);
        } catch (Throwable e) {
            // the mapping ends with the process
        }
    }

    /** @return the downcall, or null where this module may not call native code (no warning then) */
    private static MethodHandle handle(String name, FunctionDescriptor descriptor) {
        if (!FixedAddressMapping.class.getModule().isNativeAccessEnabled()) {
            return null;
        }
        try {
            return LIBC.find(name).map(symbol -> LINKER.downcallHandle(symbol, descriptor)).orElse(null);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
