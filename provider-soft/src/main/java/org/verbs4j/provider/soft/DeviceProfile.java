package org.verbs4j.provider.soft;

import java.net.Inet4Address;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.verbs4j.AtomicCapability;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceCapFlag;
import org.verbs4j.DeviceLimits;
import org.verbs4j.Flags;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;
import org.verbs4j.GidType;
import org.verbs4j.LinkLayer;
import org.verbs4j.Mtu;
import org.verbs4j.OdpCaps;
import org.verbs4j.PortAttributes;
import org.verbs4j.PortState;
import org.verbs4j.TagMatchingCaps;
import org.verbs4j.TmCapFlag;
import org.verbs4j.provider.soft.engine.WorkLimits;

/** What a soft device is: its attributes and limits, its port, its GID table and its capabilities. */
public final class DeviceProfile {

    static final int PORT_COUNT = 1;
    static final int GID_TABLE_LENGTH = 16;
    static final int MAX_QP_WR = 16384;
    public static final int MAX_SGE = WorkLimits.MAX_SGE;
    static final int MAX_CQE = 65535;
    static final int MAX_INLINE_DATA = 1024;
    static final int MAX_SRQ_WR = 16384;
    static final int MAX_RD_ATOMIC = 128;
    static final int MAX_NUM_TAGS = 1023;
    static final int MAX_TM_OPS = 1 << 12;
    static final int MAX_RNDV_HDR_SIZE = 64;
    public static final long MAX_MSG_SIZE = WorkLimits.MAX_MSG_SIZE;
    public static final int MAX_MCAST_QP_ATTACH = WorkLimits.MAX_MCAST_QP_ATTACH;
    static final int VENDOR_ID = 0xffffff;
    static final int DEFAULT_PKEY = 0xffff;
    /** The P_Key index limit: the table has one entry, the default P_Key. */
    static final int PKEY_TABLE_LENGTH = 1;

    private static final long PORT_CAP_CM_SUP = 1L << 16;
    private static final long PORT_CAP_IP_BASED_GIDS = 1L << 26;
    private static final int LINK_UP = 5;
    private static final int WIDTH_4X = 2;
    private static final int SPEED_EDR = 32;

    private DeviceProfile() {
    }

    static DeviceAttributes attributes(SoftDevice device) {
        long capFlags = Flags.toBits(EnumSet.of(DeviceCapFlag.BAD_PKEY_CNTR, DeviceCapFlag.BAD_QKEY_CNTR,
                DeviceCapFlag.UD_AV_PORT_ENFORCE, DeviceCapFlag.CURR_QP_STATE_MOD,
                DeviceCapFlag.PORT_ACTIVE_EVENT, DeviceCapFlag.SYS_IMAGE_GUID, DeviceCapFlag.RC_RNR_NAK_GEN,
                DeviceCapFlag.SRQ_RESIZE, DeviceCapFlag.N_NOTIFY_CQ, DeviceCapFlag.MEM_WINDOW,
                DeviceCapFlag.MEM_MGT_EXTENSIONS, DeviceCapFlag.MEM_WINDOW_TYPE_2B, DeviceCapFlag.XRC));
        return new DeviceAttributes("1.0.0-soft", device.nodeGuid(), device.nodeGuid(), VENDOR_ID, 0, 1,
                PORT_COUNT, 0xfffff000L, capFlags, capFlags, AtomicCapability.GLOB, 15, limits(),
                DeviceClock.TIMESTAMP_MASK, DeviceClock.CORE_CLOCK_KHZ, tagMatchingCaps(), OdpCaps.NONE,
                SoftDeviceMemory.MAX_DM_SIZE);
    }

    static DeviceLimits limits() {
        return DeviceLimits.builder().maxMrSize(1L << 46).maxQp(1 << 18).maxQpWr(MAX_QP_WR).maxSge(MAX_SGE)
                .maxSgeRd(MAX_SGE).maxCq(1 << 18).maxCqe(MAX_CQE).maxMr(1 << 20).maxPd(1 << 16)
                .maxQpRdAtom(MAX_RD_ATOMIC).maxResRdAtom(1 << 20).maxQpInitRdAtom(MAX_RD_ATOMIC)
                .maxMw(1 << 20).maxMcastGrp(8192).maxMcastQpAttach(MAX_MCAST_QP_ATTACH)
                .maxTotalMcastQpAttach(8192 * MAX_MCAST_QP_ATTACH).maxAh(1 << 20).maxSrq(1 << 18)
                .maxSrqWr(MAX_SRQ_WR).maxSrqSge(MAX_SGE).maxPkeys(PKEY_TABLE_LENGTH)
                .maxInlineData(MAX_INLINE_DATA).build();
    }

    static TagMatchingCaps tagMatchingCaps() {
        return new TagMatchingCaps(MAX_RNDV_HDR_SIZE, MAX_NUM_TAGS, Set.of(TmCapFlag.RC), MAX_TM_OPS, 1);
    }

    static PortAttributes port() {
        return new PortAttributes(PortState.ACTIVE, Mtu.MTU_4096, Mtu.MTU_4096, GID_TABLE_LENGTH,
                (int) (PORT_CAP_CM_SUP | PORT_CAP_IP_BASED_GIDS), MAX_MSG_SIZE, 0, 0, PKEY_TABLE_LENGTH, 0, 0, 0,
                1, 0, 0, 0, WIDTH_4X, SPEED_EDR, LINK_UP, LinkLayer.ETHERNET, 0, 0);
    }

    /**
     * @return the valid GIDs of the port: index 0 the link-local fe80::/64 GID whose interface id is the
     *     node GUID, index 1 the GID of the device's address ({@link #addressGid}); both RoCE v2
     */
    static List<GidEntry> gidTable(SoftDevice device) {
        List<GidEntry> table = new ArrayList<>(2);
        table.add(new GidEntry(linkLocalGid(device), 0, 1, GidType.ROCE_V2, 0));
        table.add(new GidEntry(addressGid(device), 1, 1, GidType.ROCE_V2, 0));
        return List.copyOf(table);
    }

    /**
     * @return the GID of the address the device is bound to on the network (IPv4-mapped for IPv4, as RoCE v2
     *     derives it), or of 10.83.0.(device index + 1) for a device inside the JVM
     */
    static Gid addressGid(SoftDevice device) {
        return device.networkAddress() == null ? ipv4Gid(device) : Gid.of(device.networkAddress());
    }

    static Gid linkLocalGid(SoftDevice device) {
        return new Gid(0xfe80_0000_0000_0000L, device.nodeGuid());
    }

    /** @return the GID of the device's IPv4 address: its bound one, or 10.83.0.(device index + 1) */
    static Gid ipv4Gid(SoftDevice device) {
        if (device.networkAddress() instanceof Inet4Address bound) {
            return Gid.of(bound);
        }
        return new Gid(0, 0x0000_ffff_0a53_0000L | (device.index() + 1));
    }

    static Capabilities capabilities() {
        return Capabilities.of(EnumSet.of(Capability.EXTENDED_CQ, Capability.COMPLETION_CHANNEL,
                Capability.SOLICITED_NOTIFICATION, Capability.CQ_RESIZE, Capability.CQ_SINGLE_THREADED,
                Capability.CQ_IGNORE_OVERRUN,
                Capability.CQ_COMPLETION_TIMESTAMP, Capability.CQ_COMPLETION_TIMESTAMP_WALLCLOCK,
                Capability.CQ_SOURCE_GID, Capability.CQ_UNSOLICITED, Capability.QP_UNSOLICITED_WRITE_RECV, Capability.QP_RC, Capability.QP_UC,
                Capability.QP_UD, Capability.SEND_OPS, Capability.ATOMICS, Capability.ATOMIC_WRITE, Capability.FLUSH,
                Capability.MEMORY_WINDOW_TYPE_1,
                Capability.MEMORY_WINDOW_TYPE_2, Capability.INLINE_DATA, Capability.MULTICAST, Capability.SRQ,
                Capability.SRQ_RESIZE, Capability.TAG_MATCHING, Capability.PARENT_DOMAIN, Capability.XRC));
    }
}
