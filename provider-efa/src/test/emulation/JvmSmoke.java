/*
 * JvmSmoke - TEST CODE: shows that a JVM runs on the emulated EFA device as the C driver does.
 * libibverbs and libefa are loaded by name through the FFM API (as the Java providers load them);
 * the emulation is only what the environment adds: SYSFS_PATH and LD_PRELOAD of libefa-emu.so.
 * It lists the devices, opens efa_0, queries efadv_query_device, creates a PD and an efadv CQ
 * with the source-GID reader (libefa maps the CQ ring through the uverbs fd inside the JVM),
 * destroys everything. Run: java --enable-native-access=ALL-UNNAMED JvmSmoke.java
 * Prints "JVM: N passed, N failed" and exits 1 on a failure.
 */
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

public class JvmSmoke {
    private static final Linker LINKER = Linker.nativeLinker();
    private static int passed;
    private static int failed;

    private static void check(boolean ok, String what) {
        System.out.println((ok ? "PASS " : "FAIL ") + what);
        if (ok) {
            passed++;
        } else {
            failed++;
        }
    }

    private static MethodHandle function(SymbolLookup lookup, String name, FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(lookup.findOrThrow(name), descriptor);
    }

    public static void main(String[] args) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup verbs = SymbolLookup.libraryLookup("libibverbs.so.1", arena);
            SymbolLookup efa = SymbolLookup.libraryLookup("libefa.so.1", arena);
            MethodHandle getDeviceList = function(verbs, "ibv_get_device_list", FunctionDescriptor.of(ADDRESS, ADDRESS));
            MethodHandle freeDeviceList = function(verbs, "ibv_free_device_list", FunctionDescriptor.ofVoid(ADDRESS));
            MethodHandle deviceName = function(verbs, "ibv_get_device_name", FunctionDescriptor.of(ADDRESS, ADDRESS));
            MethodHandle openDevice = function(verbs, "ibv_open_device", FunctionDescriptor.of(ADDRESS, ADDRESS));
            MethodHandle closeDevice = function(verbs, "ibv_close_device", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            MethodHandle allocPd = function(verbs, "ibv_alloc_pd", FunctionDescriptor.of(ADDRESS, ADDRESS));
            MethodHandle deallocPd = function(verbs, "ibv_dealloc_pd", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            MethodHandle destroyCq = function(verbs, "ibv_destroy_cq", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            MethodHandle queryDevice = function(efa, "efadv_query_device",
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
            MethodHandle createCq = function(efa, "efadv_create_cq",
                    FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
            MethodHandle cqFromEx = function(efa, "efadv_cq_from_ibv_cq_ex", FunctionDescriptor.of(ADDRESS, ADDRESS));

            MemorySegment count = arena.allocate(JAVA_INT);
            MemorySegment list = ((MemorySegment) getDeviceList.invokeExact(count))
                    .reinterpret(ADDRESS.byteSize() * 16L);
            int n = count.get(JAVA_INT, 0);
            MemorySegment device = MemorySegment.NULL;
            for (int i = 0; i < n; i++) {
                MemorySegment candidate = list.getAtIndex(ADDRESS, i);
                String name = ((MemorySegment) deviceName.invokeExact(candidate)).reinterpret(64).getString(0);
                if (name.equals("efa_0")) {
                    device = candidate;
                }
            }
            check(!device.equals(MemorySegment.NULL), "ibv_get_device_list lists efa_0 (" + n + " devices)");
            MemorySegment context = device.equals(MemorySegment.NULL)
                    ? MemorySegment.NULL : (MemorySegment) openDevice.invokeExact(device);
            check(!context.equals(MemorySegment.NULL), "ibv_open_device efa_0");
            if (!context.equals(MemorySegment.NULL)) {
                exercise(arena, context, queryDevice, allocPd, deallocPd, createCq, cqFromEx, destroyCq);
                check((int) closeDevice.invokeExact(context) == 0, "ibv_close_device returns 0");
            }
            freeDeviceList.invokeExact(list);
        }
        System.out.println("JVM: " + passed + " passed, " + failed + " failed");
        System.exit(failed == 0 && passed > 0 ? 0 : 1);
    }

    private static void exercise(Arena arena, MemorySegment context, MethodHandle queryDevice, MethodHandle allocPd,
                                 MethodHandle deallocPd, MethodHandle createCq, MethodHandle cqFromEx,
                                 MethodHandle destroyCq) throws Throwable {
        MemorySegment attr = arena.allocate(32, 8);   // struct efadv_device_attr
        int ret = (int) queryDevice.invokeExact(context, attr, 32);
        check(ret == 0 && attr.get(JAVA_INT, 24) == 0x1f && attr.get(JAVA_INT, 8) == 512,
                "efadv_query_device: device_caps 0x" + Integer.toHexString(attr.get(JAVA_INT, 24))
                        + ", max_sq_wr " + attr.get(JAVA_INT, 8));
        MemorySegment pd = (MemorySegment) allocPd.invokeExact(context);
        check(!pd.equals(MemorySegment.NULL), "ibv_alloc_pd");
        MemorySegment cqAttr = arena.allocate(56, 8);  // struct ibv_cq_init_attr_ex: cqe @0, wc_flags @32
        cqAttr.set(JAVA_INT, 0, 5);
        MemorySegment efaAttr = arena.allocate(16, 8); // struct efadv_cq_init_attr: wc_flags @8
        efaAttr.set(JAVA_LONG, 8, 1L);                // EFADV_WC_EX_WITH_SGID
        MemorySegment cq = (MemorySegment) createCq.invokeExact(context, cqAttr, efaAttr, 16);
        check(!cq.equals(MemorySegment.NULL) && cqAttr.get(JAVA_INT, 0) == 8,
                "efadv_create_cq with SGID (the CQ ring is mapped in the JVM), cqe 5 -> " + cqAttr.get(JAVA_INT, 0));
        if (!cq.equals(MemorySegment.NULL)) {
            MemorySegment dv = ((MemorySegment) cqFromEx.invokeExact(cq)).reinterpret(24);
            check(!dv.get(ADDRESS, 8).equals(MemorySegment.NULL), "efadv_cq.wc_read_sgid is set");
            check((int) destroyCq.invokeExact(cq) == 0, "ibv_destroy_cq returns 0");
        }
        if (!pd.equals(MemorySegment.NULL)) {
            check((int) deallocPd.invokeExact(pd) == 0, "ibv_dealloc_pd returns 0");
        }
    }
}
