package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.EnumSet;
import java.util.function.BiFunction;
import org.verbs4j.AtomicCapability;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceCapFlag;
import org.verbs4j.DeviceLimits;
import org.verbs4j.Errno;
import org.verbs4j.Flags;
import org.verbs4j.QpType;
import org.verbs4j.OdpCaps;
import org.verbs4j.TagMatchingCaps;
import org.verbs4j.TmCapFlag;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;

/**
 * {@code ibv_query_device_ex} as the header's inline does it ({@code verbs_context.query_device_ex},
 * falling back to {@code ibv_query_device} on EOPNOTSUPP or ENOSYS), and the capabilities the device
 * reports.
 */
final class DeviceQuery {

    private static final FunctionDescriptor QUERY_DEVICE_EX =
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG);

    private DeviceQuery() {
    }

    static DeviceAttributes query(NativeContext context) {
        return query(context, DeviceQuery::read);
    }

    /**
     * What one {@code ibv_query_device_ex} reports when a context is opened.
     *
     * @param attributes the api's attributes
     * @param rss what they do not carry: whether the device receives with RSS ({@link #rss})
     */
    record Reported(DeviceAttributes attributes, boolean rss) {
    }

    /**
     * Queries the device once and reads both the api's attributes and whether it supports RSS from the
     * same answer.
     *
     * @param context the open device
     * @return what it reported
     */
    static Reported queryWithRss(NativeContext context) {
        return query(context, (l, a) -> new Reported(read(l, a), rss(l, a)));
    }

    /**
     * Whether the device receives with RSS, that is offers receive work queues ({@code max_wq_type_rq}),
     * indirection tables ({@code rss_caps.max_rwq_indirection_tables}) and RX hash queue pairs of type
     * RAW_PACKET ({@code rss_caps.supported_qpts}). A device without {@code ibv_query_device_ex} reports
     * none (the fallback to {@code ibv_query_device} leaves these fields zero).
     *
     * @param l the layout of {@code ibv_device_attr_ex}
     * @param a the attributes the device reported
     * @return whether they announce RSS
     */
    static boolean rss(StructLayout l, MemorySegment a) {
        int rawPacket = 1 << (int) QpType.RAW_PACKET.value();
        return u32(a, l, "max_wq_type_rq") > 0 && u32(a, l, "rss_caps", "max_rwq_indirection_tables") > 0
                && (u32(a, l, "rss_caps", "supported_qpts") & rawPacket) != 0;
    }

    private static <T> T query(NativeContext context, BiFunction<StructLayout, MemorySegment, T> reader) {
        StructLayout layout = context.abi.ibvDeviceAttrEx;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(layout);
            int rc = queryEx(context, attr, layout.byteSize());
            if (rc == Errno.EOPNOTSUPP.code() || rc == Errno.ENOSYS.code()) {
                attr.fill((byte) 0);
                rc = (int) context.ib.queryDevice.invokeExact(context.pointer(), attr);
            }
            Native.check(rc, "ibv_query_device_ex");
            return reader.apply(layout, attr);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static int queryEx(NativeContext context, MemorySegment attr, long size) throws Throwable {
        MemorySegment op = context.op(VerbsContextOp.QUERY_DEVICE_EX);
        if (op.equals(MemorySegment.NULL)) {
            return Errno.EOPNOTSUPP.code();
        }
        return (int) FunctionPointers.plain(op, QUERY_DEVICE_EX)
                .invokeExact(context.pointer(), MemorySegment.NULL, attr, size);
    }

    private static long at(StructLayout layout, String... path) {
        return Abi.offset(layout, path);
    }

    private static int u32(MemorySegment a, StructLayout l, String... path) {
        return a.get(JAVA_INT, at(l, path));
    }

    private static long u64(MemorySegment a, StructLayout l, String... path) {
        return a.get(JAVA_LONG, at(l, path));
    }

    private static int orig(MemorySegment a, StructLayout l, String field) {
        return u32(a, l, "orig_attr", field);
    }

    private static DeviceAttributes read(StructLayout l, MemorySegment a) {
        byte[] fw = a.asSlice(at(l, "orig_attr", "fw_ver"), 64).toArray(JAVA_BYTE);
        int length = 0;
        while (length < fw.length && fw[length] != 0) {
            length++;
        }
        return new DeviceAttributes(new String(fw, 0, length, java.nio.charset.StandardCharsets.US_ASCII),
                bigEndian(u64(a, l, "orig_attr", "node_guid")),
                bigEndian(u64(a, l, "orig_attr", "sys_image_guid")), orig(a, l, "vendor_id"),
                orig(a, l, "vendor_part_id"), orig(a, l, "hw_ver"),
                Byte.toUnsignedInt(a.get(JAVA_BYTE, at(l, "orig_attr", "phys_port_cnt"))),
                u64(a, l, "orig_attr", "page_size_cap"), Integer.toUnsignedLong(orig(a, l, "device_cap_flags")),
                u64(a, l, "device_cap_flags_ex"), AtomicCapability.fromValue(orig(a, l, "atomic_cap")),
                Byte.toUnsignedInt(a.get(JAVA_BYTE, at(l, "orig_attr", "local_ca_ack_delay"))), limits(l, a),
                u64(a, l, "completion_timestamp_mask"), u64(a, l, "hca_core_clock"), tmCaps(l, a), odpCaps(l, a),
                u64(a, l, "max_dm_size"));
    }

    private static long bigEndian(long raw) {
        return java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN ? Long.reverseBytes(raw) : raw;
    }

    /** A C {@code uint64_t} above {@link Long#MAX_VALUE} (rxe reports UINT64_MAX) becomes Long.MAX_VALUE. */
    private static long saturated(long unsigned) {
        return unsigned < 0 ? Long.MAX_VALUE : unsigned;
    }

    private static DeviceLimits limits(StructLayout l, MemorySegment a) {
        return DeviceLimits.builder().maxMrSize(saturated(u64(a, l, "orig_attr", "max_mr_size")))
                .maxQp(orig(a, l, "max_qp")).maxQpWr(orig(a, l, "max_qp_wr")).maxSge(orig(a, l, "max_sge"))
                .maxSgeRd(orig(a, l, "max_sge_rd")).maxCq(orig(a, l, "max_cq")).maxCqe(orig(a, l, "max_cqe"))
                .maxMr(orig(a, l, "max_mr")).maxPd(orig(a, l, "max_pd"))
                .maxQpRdAtom(orig(a, l, "max_qp_rd_atom")).maxEeRdAtom(orig(a, l, "max_ee_rd_atom"))
                .maxResRdAtom(orig(a, l, "max_res_rd_atom")).maxQpInitRdAtom(orig(a, l, "max_qp_init_rd_atom"))
                .maxEeInitRdAtom(orig(a, l, "max_ee_init_rd_atom")).maxEe(orig(a, l, "max_ee"))
                .maxRdd(orig(a, l, "max_rdd")).maxMw(orig(a, l, "max_mw"))
                .maxRawIpv6Qp(orig(a, l, "max_raw_ipv6_qp")).maxRawEthyQp(orig(a, l, "max_raw_ethy_qp"))
                .maxMcastGrp(orig(a, l, "max_mcast_grp")).maxMcastQpAttach(orig(a, l, "max_mcast_qp_attach"))
                .maxTotalMcastQpAttach(orig(a, l, "max_total_mcast_qp_attach")).maxAh(orig(a, l, "max_ah"))
                .maxFmr(orig(a, l, "max_fmr")).maxMapPerFmr(orig(a, l, "max_map_per_fmr"))
                .maxSrq(orig(a, l, "max_srq")).maxSrqWr(orig(a, l, "max_srq_wr"))
                .maxSrqSge(orig(a, l, "max_srq_sge"))
                .maxPkeys(Short.toUnsignedInt(a.get(JAVA_SHORT, at(l, "orig_attr", "max_pkeys")))).build();
    }

    private static OdpCaps odpCaps(StructLayout l, MemorySegment a) {
        return new OdpCaps(u64(a, l, "odp_caps", "general_caps"),
                u32(a, l, "odp_caps", "per_transport_caps", "rc_odp_caps"),
                u32(a, l, "odp_caps", "per_transport_caps", "uc_odp_caps"),
                u32(a, l, "odp_caps", "per_transport_caps", "ud_odp_caps"), u32(a, l, "xrc_odp_caps"));
    }

    private static TagMatchingCaps tmCaps(StructLayout l, MemorySegment a) {
        return new TagMatchingCaps(u32(a, l, "tm_caps", "max_rndv_hdr_size"), u32(a, l, "tm_caps", "max_num_tags"),
                Flags.fromBits(TmCapFlag.class, Integer.toUnsignedLong(u32(a, l, "tm_caps", "flags"))),
                u32(a, l, "tm_caps", "max_ops"), u32(a, l, "tm_caps", "max_sge"));
    }

    /**
     * Vendors whose rdma-core provider implements no {@code resize_cq} (ibv_resize_cq gives EOPNOTSUPP):
     * 0x1d0f Amazon (efa) and 0x626d74 siw. No device attribute says whether a CQ can be resized.
     */
    private static final java.util.Set<Integer> NO_CQ_RESIZE = java.util.Set.of(0x1d0f, 0x626d74);
    /** {@code IB_UVERBS_DEVICE_FLUSH_GLOBAL} of {@code device_cap_flags_ex} (ib_user_ioctl_verbs.h). */
    private static final long UVERBS_DEVICE_FLUSH_GLOBAL = 1L << 38;
    /** {@code IB_UVERBS_DEVICE_FLUSH_PERSISTENT} of {@code device_cap_flags_ex}. */
    private static final long UVERBS_DEVICE_FLUSH_PERSISTENT = 1L << 39;
    /** {@code IB_UVERBS_DEVICE_ATOMIC_WRITE} of {@code device_cap_flags_ex}. */
    private static final long UVERBS_DEVICE_ATOMIC_WRITE = 1L << 40;

    /**
     * @param attributes what the device reported
     * @param release the loaded rdma-core release
     * @param parentDomains whether the device allocated a parent domain when the context was opened
     *     ({@link NativeProtectionDomain#probeParentDomains}): no device attribute tells
     * @param rss whether the device announced RSS ({@link #rss})
     * @return the capabilities the generic provider offers on it
     */
    static Capabilities capabilities(DeviceAttributes attributes, int release, boolean parentDomains, boolean rss) {
        EnumSet<Capability> caps = EnumSet.of(Capability.EXTENDED_CQ, Capability.COMPLETION_CHANNEL,
                Capability.SOLICITED_NOTIFICATION, Capability.CQ_SINGLE_THREADED, Capability.QP_RC,
                Capability.QP_UC, Capability.QP_UD, Capability.SEND_OPS, Capability.INLINE_DATA);
        addIf(caps, attributes.completionTimestampMask() != 0, Capability.CQ_COMPLETION_TIMESTAMP);
        addIf(caps, attributes.completionTimestampMask() != 0 && attributes.hcaCoreClockKhz() != 0,
                Capability.CQ_COMPLETION_TIMESTAMP_WALLCLOCK);
        addIf(caps, attributes.atomicCap() != AtomicCapability.NONE, Capability.ATOMICS);
        addIf(caps, attributes.limits().maxSrq() > 0, Capability.SRQ);
        addIf(caps, attributes.limits().maxSrq() > 0 && attributes.has(DeviceCapFlag.SRQ_RESIZE),
                Capability.SRQ_RESIZE);
        addIf(caps, !NO_CQ_RESIZE.contains(attributes.vendorId()), Capability.CQ_RESIZE);
        addIf(caps, (attributes.deviceCapFlagsEx() & UVERBS_DEVICE_ATOMIC_WRITE) != 0, Capability.ATOMIC_WRITE);
        addIf(caps, NativeSendOps.hasWrFlush(release)
                && (attributes.deviceCapFlagsEx() & (UVERBS_DEVICE_FLUSH_GLOBAL | UVERBS_DEVICE_FLUSH_PERSISTENT)) != 0,
                Capability.FLUSH);
        addIf(caps, attributes.limits().maxMcastGrp() > 0, Capability.MULTICAST);
        addIf(caps, attributes.has(DeviceCapFlag.MEM_WINDOW), Capability.MEMORY_WINDOW_TYPE_1);
        addIf(caps, attributes.has(DeviceCapFlag.MEM_WINDOW_TYPE_2A) || attributes.has(DeviceCapFlag.MEM_WINDOW_TYPE_2B),
                Capability.MEMORY_WINDOW_TYPE_2);
        addIf(caps, attributes.tmCaps().flags().contains(TmCapFlag.RC), Capability.TAG_MATCHING);
        addIf(caps, attributes.has(DeviceCapFlag.XRC), Capability.XRC);
        addIf(caps, parentDomains, Capability.PARENT_DOMAIN);
        addIf(caps, rss, Capability.RX_HASH);
        return Capabilities.of(caps);
    }

    private static void addIf(EnumSet<Capability> caps, boolean condition, Capability capability) {
        if (condition) {
            caps.add(capability);
        }
    }
}
