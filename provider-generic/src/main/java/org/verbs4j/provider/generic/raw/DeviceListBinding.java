package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.VerbsException;

/**
 * {@code ibv_get_device_list}, {@code ibv_free_device_list}, {@code ibv_get_device_name} and
 * {@code ibv_get_device_guid}: the devices libibverbs knows.
 */
@SuppressWarnings("restricted")
public final class DeviceListBinding {

    private static final long NODE_TYPE_OFFSET = 16;
    private static final long TRANSPORT_TYPE_OFFSET = 20;
    private static final long DEVICE_PREFIX_SIZE = 24;

    private final MethodHandle getDeviceList;
    private final MethodHandle freeDeviceList;
    private final MethodHandle getDeviceName;
    private final MethodHandle getDeviceGuid;

    /**
     * @param library libibverbs
     */
    public DeviceListBinding(NativeLibrary library) {
        getDeviceList = library.downcall("ibv_get_device_list",
                FunctionDescriptor.of(ADDRESS, ADDRESS), ErrnoCapture.OPTION);
        freeDeviceList = library.downcall("ibv_free_device_list", FunctionDescriptor.ofVoid(ADDRESS));
        getDeviceName = library.downcall("ibv_get_device_name", FunctionDescriptor.of(ADDRESS, ADDRESS));
        getDeviceGuid = library.downcall("ibv_get_device_guid", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    }

    /**
     * @return every device of {@code ibv_get_device_list}, in its order
     * @throws VerbsException if {@code ibv_get_device_list} fails (for example ENOSYS without kernel support)
     */
    public List<NativeDevice> devices() {
        return devices((device, pointer) -> true);
    }

    /**
     * @param filter which devices to keep; it gets each entry and its C {@code struct ibv_device *}, valid
     *     only during the call (for example for a vendor library's own test of the device)
     * @return the devices of {@code ibv_get_device_list} that the filter keeps, in its order
     * @throws VerbsException if {@code ibv_get_device_list} fails (for example ENOSYS without kernel support)
     */
    public List<NativeDevice> devices(BiPredicate<NativeDevice, MemorySegment> filter) {
        return withList(array -> read(array, filter));
    }

    /**
     * Opens a listed device by name (C {@code ibv_open_device} on an entry of a fresh device list).
     *
     * @param name the device name
     * @param opener what to do with the C {@code struct ibv_device *} while the list is alive
     * @param <T> the result
     * @return the opener's result
     * @throws org.verbs4j.InvalidArgumentException if no device has that name any more
     */
    public <T> T withDevice(String name, java.util.function.Function<MemorySegment, T> opener) {
        return withList(array -> opener.apply(find(array, name)));
    }

    /** What to do with the array of {@code struct ibv_device *} while the list is alive. */
    @FunctionalInterface
    private interface ListReader<T> {
        T read(MemorySegment array) throws Throwable;
    }

    /** Calls {@code ibv_get_device_list} once, lets the reader use the array, then frees the list. */
    private <T> T withList(ListReader<T> reader) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(arena);
            MemorySegment count = arena.allocate(JAVA_INT);
            MemorySegment list = (MemorySegment) getDeviceList.invokeExact(errno, count);
            if (list.equals(MemorySegment.NULL)) {
                throw VerbsException.of("ibv_get_device_list", ErrnoCapture.errno(errno), null);
            }
            try {
                return reader.read(list.reinterpret(ADDRESS.byteSize() * count.get(JAVA_INT, 0)));
            } finally {
                freeDeviceList.invokeExact(list);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("downcall failed", e);
        }
    }

    private MemorySegment find(MemorySegment array, String name) throws Throwable {
        for (long offset = 0; offset < array.byteSize(); offset += ADDRESS.byteSize()) {
            MemorySegment device = array.get(ADDRESS, offset);
            MemorySegment deviceName = (MemorySegment) getDeviceName.invokeExact(device);
            if (deviceName.reinterpret(Long.MAX_VALUE).getString(0).equals(name)) {
                return device;
            }
        }
        throw new org.verbs4j.InvalidArgumentException("ibv_open_device", "no RDMA device named " + name);
    }

    private List<NativeDevice> read(MemorySegment array, BiPredicate<NativeDevice, MemorySegment> filter)
            throws Throwable {
        List<NativeDevice> devices = new ArrayList<>();
        for (long offset = 0; offset < array.byteSize(); offset += ADDRESS.byteSize()) {
            MemorySegment pointer = array.get(ADDRESS, offset).reinterpret(DEVICE_PREFIX_SIZE);
            NativeDevice device = device(pointer);
            if (filter.test(device, pointer)) {
                devices.add(device);
            }
        }
        return devices;
    }

    /**
     * @param device a C {@code struct ibv_device *} that libibverbs keeps, for example {@code ibv_context.device}
     * @return its entry
     */
    public NativeDevice describe(MemorySegment device) {
        try {
            return device(device.reinterpret(DEVICE_PREFIX_SIZE));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("downcall failed", e);
        }
    }

    private NativeDevice device(MemorySegment device) throws Throwable {
        MemorySegment name = (MemorySegment) getDeviceName.invokeExact(device);
        long guid = (long) getDeviceGuid.invokeExact(device);
        return new NativeDevice(name.reinterpret(Long.MAX_VALUE).getString(0), bigEndianToHost(guid),
                NodeType.fromValue(device.get(JAVA_INT, NODE_TYPE_OFFSET)),
                TransportType.fromValue(device.get(JAVA_INT, TRANSPORT_TYPE_OFFSET)));
    }

    private static long bigEndianToHost(long value) {
        return ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? Long.reverseBytes(value) : value;
    }
}
