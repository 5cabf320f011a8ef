package org.verbs4j.tools.pingpong;

import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AdviseMrAdvice;
import org.verbs4j.AdviseMrFlag;
import org.verbs4j.Context;
import org.verbs4j.DeviceMemory;
import org.verbs4j.DmAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.VerbsException;
import org.verbs4j.tools.connect.QpResources;

/**
 * The memory region the ping-pong's work requests name: the buffer's own region, an implicit on-demand
 * paging region ({@code -O}), or a zero-based region of device memory ({@code -j}) that the client fills from
 * the buffer before its first send and reads back to validate ({@code -c}), as {@code ibv_rc_pingpong} does.
 */
final class PingPongMemory implements AutoCloseable {

    private static final Set<AccessFlag> ACCESS = EnumSet.of(AccessFlag.LOCAL_WRITE);

    private final DeviceMemory deviceMemory;
    private final MemoryRegion extra;
    private final int lkey;
    private final long base;

    private PingPongMemory(DeviceMemory deviceMemory, MemoryRegion extra, MemoryRegion buffer) {
        this.deviceMemory = deviceMemory;
        this.extra = extra;
        MemoryRegion used = extra == null ? buffer : extra;
        this.lkey = used.lkey();
        this.base = deviceMemory == null ? buffer.address() : 0;
    }

    /**
     * @param context the device
     * @param resources the queue pairs and the buffer
     * @param settings the run
     * @param err where the C tool's warning goes if the prefetch fails
     * @return the memory of the run
     * @throws PingPongFailure as the C tool fails: no device memory, or a region it cannot register
     */
    static PingPongMemory open(Context context, QpResources resources, PingPongSettings settings, PrintWriter err) {
        PingPongMemory memory = switch (settings.memory()) {
            case IMPLICIT_ON_DEMAND -> new PingPongMemory(null, register(() ->
                    resources.pd().registerImplicitOnDemand(ACCESS)), resources.mr());
            case DEVICE -> deviceMemory(context, resources, settings.size());
            default -> new PingPongMemory(null, null, resources.mr());
        };
        if (settings.prefetch()) {
            memory.prefetch(resources, settings.size(), err);
        }
        return memory;
    }

    private static PingPongMemory deviceMemory(Context context, QpResources resources, int size) {
        DeviceMemory dm;
        try {
            dm = context.allocateDeviceMemory(DmAttributes.ofLength(size));
        } catch (VerbsException refused) {
            throw new PingPongFailure("Dev mem allocation failed (" + refused.getMessage() + ")");
        }
        try {
            return new PingPongMemory(dm, register(() -> resources.pd().registerDeviceMemory(dm, 0, size,
                    EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.ZERO_BASED))), resources.mr());
        } catch (RuntimeException failure) {
            dm.close();
            throw failure;
        }
    }

    private static MemoryRegion register(java.util.function.Supplier<MemoryRegion> registration) {
        try {
            return registration.get();
        } catch (VerbsException refused) {
            throw new PingPongFailure("Couldn't register MR (" + refused.getMessage() + ")");
        }
    }

    /** {@code ibv_advise_mr(PREFETCH_WRITE, FLUSH)} of the buffer; a refusal is a warning, as in C. */
    private void prefetch(QpResources resources, int size, PrintWriter err) {
        try {
            resources.pd().adviseMemory(AdviseMrAdvice.PREFETCH_WRITE, EnumSet.of(AdviseMrFlag.FLUSH),
                    new ScatterGatherList(1).add(resources.buffer().address(), size, lkey));
        } catch (VerbsException refused) {
            err.println("Couldn't prefetch MR(" + refused.errno() + "). Continue anyway");
            err.flush();
        }
    }

    /** @return the local key of the work requests */
    int lkey() {
        return lkey;
    }

    /**
     * @param offset an offset in the buffer
     * @return the address a work request gives for it: the buffer's, or the offset in the zero-based region
     */
    long address(long offset) {
        return base + offset;
    }

    /** @return whether the payload lives in device memory (no inline sends then, as in C) */
    boolean onDevice() {
        return deviceMemory != null;
    }

    /** The client's {@code ibv_memcpy_to_dm} before its first send: the message into device memory. */
    void stage(MemorySegment message) {
        if (deviceMemory != null) {
            deviceMemory.copyTo(0, message);
        }
    }

    /** The client's {@code ibv_memcpy_from_dm} before it validates: the message back from device memory. */
    void collect(MemorySegment message) {
        if (deviceMemory != null) {
            deviceMemory.copyFrom(message, 0);
        }
    }

    @Override
    public void close() {
        if (extra != null) {
            extra.close();
        }
        if (deviceMemory != null) {
            deviceMemory.close();
        }
    }
}
