package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.Native;

/**
 * A device about to be opened ({@link DirectVerbs#openDevice}).
 *
 * @param device the C {@code struct ibv_device *}, valid during the hook only
 * @param name the device name, for messages
 * @param call an arena for the hook's own arguments, closed when the hook returns
 */
public record DeviceOpening(MemorySegment device, String name, Arena call) {

    /**
     * The generic path: {@code ibv_open_device}.
     *
     * @return the {@code struct ibv_context *}
     * @throws org.verbs4j.VerbsException with the errno of a failed open
     */
    public MemorySegment generic() {
        MemorySegment errno = ErrnoCapture.allocate(call);
        try {
            MemorySegment context = (MemorySegment) Ibverbs.get().openDevice.invokeExact(errno, device);
            return Native.checkPointer(context, errno, "ibv_open_device");
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
