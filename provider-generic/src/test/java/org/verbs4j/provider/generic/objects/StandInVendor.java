package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Set;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Flags;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.vendor.CqCreation;
import org.verbs4j.provider.generic.vendor.CreatedCq;
import org.verbs4j.provider.generic.vendor.DeviceOpening;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ExtraReader;
import org.verbs4j.provider.generic.vendor.VendorDevice;

/**
 * A vendor plugged into the seam over the stand-in library of {@code src/test/c/standin_vendor.c}: it opens
 * the device with the library's opener, adds the two extra-field capabilities and a device view, and creates
 * the CQs that request extra fields with the library's creator, taking their readers from the vendor CQ
 * struct and giving a CQ view. What it does not replace stays the generic path.
 */
@SuppressWarnings("restricted")
final class StandInVendor implements DirectVerbs {

    /** {@code struct standin_vendor_cq_attr}: comp_mask and wc_flags. */
    static final long ATTR_SIZE = 16;
    /** Offsets of the readers in {@code struct standin_vendor_cq}. */
    private static final long READ_SGID = 8;
    private static final long IS_UNSOLICITED = 16;

    private final MethodHandle open;
    private final MethodHandle createCq;
    private final MethodHandle cqFromEx;

    /** The vendor's view of the device, reached through {@code Context.unwrap}. */
    record DeviceView(Context context, MemorySegment pointer) {
    }

    /** The vendor's view of a CQ, reached through {@code CompletionQueue.unwrap}. */
    record CqView(CompletionQueue queue, MemorySegment vendorCq) {
    }

    StandInVendor(SymbolLookup library) {
        Linker linker = Linker.nativeLinker();
        open = linker.downcallHandle(library.findOrThrow("standin_vendor_open_device"),
                FunctionDescriptor.of(ADDRESS, ADDRESS), ErrnoCapture.OPTION);
        createCq = linker.downcallHandle(library.findOrThrow("standin_vendor_create_cq"),
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT), ErrnoCapture.OPTION);
        cqFromEx = linker.downcallHandle(library.findOrThrow("standin_vendor_cq_from_ibv_cq_ex"),
                FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    @Override
    public MemorySegment openDevice(DeviceOpening opening) {
        MemorySegment errno = ErrnoCapture.allocate(opening.call());
        try {
            return check((MemorySegment) open.invokeExact(errno, opening.device()), errno, "standin_vendor_open_device");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public VendorDevice queryDevice(Context context, MemorySegment pointer) {
        return new VendorDevice(Set.of(Capability.CQ_SOURCE_GID, Capability.CQ_UNSOLICITED),
                new DeviceView(context, pointer)).withdrawing(Set.of(Capability.QP_UC));
    }

    @Override
    public CreatedCq createCq(CqCreation creation) {
        if (creation.attributes().extraFields().isEmpty()) {
            return creation.generic();
        }
        MemorySegment vendorAttr = creation.call().allocate(ATTR_SIZE, 8);
        vendorAttr.set(JAVA_LONG, 8, Flags.toBits(creation.attributes().extraFields()));
        MemorySegment errno = ErrnoCapture.allocate(creation.call());
        try {
            MemorySegment cq = check((MemorySegment) createCq.invokeExact(errno, creation.context(),
                    creation.initAttr(), vendorAttr, (int) ATTR_SIZE), errno, "standin_vendor_create_cq");
            MemorySegment vendorCq = ((MemorySegment) cqFromEx.invokeExact(cq)).reinterpret(24);
            CreatedCq created = CreatedCq.of(cq).withView(queue -> new CqView(queue, vendorCq));
            for (ExtraCompletionField field : creation.attributes().extraFields()) {
                created = created.withReader(field, reader(vendorCq, field));
            }
            return created;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static ExtraReader reader(MemorySegment vendorCq, ExtraCompletionField field) {
        return switch (field) {
            case SOURCE_GID -> new ExtraReader(vendorCq.get(ADDRESS, READ_SGID), vendorCq, "standin_wc_read_sgid");
            case UNSOLICITED -> new ExtraReader(vendorCq.get(ADDRESS, IS_UNSOLICITED), vendorCq,
                    "standin_wc_is_unsolicited");
        };
    }

    private static MemorySegment check(MemorySegment pointer, MemorySegment errno, String verb) {
        if (pointer.equals(MemorySegment.NULL)) {
            throw VerbsException.of(verb, ErrnoCapture.errno(errno), null);
        }
        return pointer;
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException e) {
            return e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    @Override
    public String toString() {
        return "the stand-in vendor";
    }
}
