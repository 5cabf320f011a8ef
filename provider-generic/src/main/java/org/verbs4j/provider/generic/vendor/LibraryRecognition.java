package org.verbs4j.provider.generic.vendor;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.NativeDevice;
import org.verbs4j.provider.generic.raw.NativeLibrary;

/** A vendor library's own test of a device, {@code bool function(struct ibv_device *)} ({@link DeviceRecognition#testedBy}). */
final class LibraryRecognition implements DeviceRecognition {

    private static final FunctionDescriptor TEST = FunctionDescriptor.of(JAVA_BOOLEAN, ADDRESS);

    private final String library;
    private final String function;
    private MethodHandle handle;

    LibraryRecognition(String library, String function) {
        this.library = library;
        this.function = function;
    }

    /** @throws org.verbs4j.UnsupportedVerbException if the library or the function is missing */
    @Override
    public boolean recognises(NativeDevice device, MemorySegment pointer) {
        try {
            return (boolean) handle().invokeExact(pointer);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private synchronized MethodHandle handle() {
        if (handle == null) {
            handle = NativeLibrary.load(library).downcall(function, TEST);
        }
        return handle;
    }
}
