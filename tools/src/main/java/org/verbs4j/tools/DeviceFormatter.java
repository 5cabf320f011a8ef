package org.verbs4j.tools;

import java.io.PrintWriter;
import java.util.List;
import org.verbs4j.Capabilities;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceCapFlag;
import org.verbs4j.DeviceLimits;
import org.verbs4j.Flags;
import org.verbs4j.GidEntry;
import org.verbs4j.Mtu;
import org.verbs4j.PortAttributes;
import org.verbs4j.TagMatchingCaps;
import org.verbs4j.VendorAttribute;

/**
 * Prints one device like {@code ibv_devinfo}: its identity, attributes, limits, tag-matching
 * caps, capabilities and ports with their GID tables. The default shows the main limits;
 * verbose shows every limit and flag.
 */
final class DeviceFormatter {

    private final boolean verbose;
    private final int onlyPort;

    /**
     * @param verbose whether to print every limit and flag
     */
    DeviceFormatter(boolean verbose) {
        this(verbose, 0);
    }

    /**
     * @param verbose whether to print every limit and flag
     * @param onlyPort the one port to print (as {@code ibv_devinfo -i}), or 0 for every port
     */
    DeviceFormatter(boolean verbose, int onlyPort) {
        this.verbose = verbose;
        this.onlyPort = onlyPort;
    }

    /**
     * Prints the header line of a device ({@code hca_id: <name>}) and what is known without
     * opening it.
     *
     * @param device the device
     * @param out where to print
     */
    void printIdentity(Device device, PrintWriter out) {
        out.println("hca_id: " + device.name());
        out.println(Text.field(2, "provider", device.providerId()));
        out.println(Text.field(2, "transport", Text.constant(device.transportType())));
        out.println(Text.field(2, "node_type", Text.constant(device.nodeType())));
        out.println(Text.field(2, "node_guid", Text.guid(device.nodeGuid())));
    }

    /**
     * Prints what an open context tells about its device: attributes, limits, capabilities, ports.
     *
     * @param context a context open on the device
     * @param out where to print
     */
    void printContext(Context context, PrintWriter out) {
        DeviceAttributes attributes = context.queryDevice();
        printAttributes(attributes, out);
        out.println(Text.field(2, "num_comp_vectors", context.numCompVectors()));
        for (Limit limit : limits(attributes.limits())) {
            if (verbose || limit.main()) {
                out.println(Text.field(2, limit.label(), limit.value()));
            }
        }
        out.println(Text.field(2, "completion_timestamp_mask", timestampMask(attributes.completionTimestampMask())));
        out.println(Text.field(2, "hca_core_clock", attributes.hcaCoreClockKhz() + " kHz"));
        out.println(Text.field(2, "tag_matching", tagMatching(attributes.tmCaps())));
        Capabilities capabilities = context.capabilities();
        out.println(Text.field(2, "capabilities", Text.names(capabilities.supported())));
        out.println(Text.field(2, "unsupported", Text.names(capabilities.unsupported())));
        for (VendorAttribute attribute : context.vendorAttributes()) {
            out.println(Text.field(2, attribute.source() + "." + attribute.name(), attribute.value()));
        }
        if (onlyPort > attributes.physPortCount()) {
            throw new IllegalArgumentException("the device has no port " + onlyPort + " (phys_port_cnt "
                    + attributes.physPortCount() + ")");
        }
        for (int port = 1; port <= attributes.physPortCount(); port++) {
            if (onlyPort == 0 || port == onlyPort) {
                printPort(context, port, out);
            }
        }
    }

    private void printAttributes(DeviceAttributes attributes, PrintWriter out) {
        out.println(Text.field(2, "fw_ver", attributes.firmwareVersion()));
        out.println(Text.field(2, "sys_image_guid", Text.guid(attributes.sysImageGuid())));
        out.println(Text.field(2, "vendor_id", String.format("0x%04x", attributes.vendorId())));
        out.println(Text.field(2, "vendor_part_id", attributes.vendorPartId()));
        out.println(Text.field(2, "hw_ver", Text.hex(attributes.hwVersion())));
        out.println(Text.field(2, "phys_port_cnt", attributes.physPortCount()));
        out.println(Text.field(2, "atomic_cap", Text.constant(attributes.atomicCap())));
        if (verbose) {
            out.println(Text.field(2, "page_size_cap", Text.hex(attributes.pageSizeCap())));
            out.println(Text.field(2, "device_cap_flags", deviceCapFlags(attributes.deviceCapFlags())));
            out.println(Text.field(2, "device_cap_flags_ex", Text.hex(attributes.deviceCapFlagsEx())));
            out.println(Text.field(2, "local_ca_ack_delay", attributes.localCaAckDelay()));
        }
    }

    private void printPort(Context context, int portNum, PrintWriter out) {
        PortAttributes port = context.queryPort(portNum);
        out.println(Text.field(2, "port", portNum));
        out.println(Text.field(4, "state", Text.constant(port.state())));
        out.println(Text.field(4, "max_mtu", mtu(port.maxMtu())));
        out.println(Text.field(4, "active_mtu", mtu(port.activeMtu())));
        out.println(Text.field(4, "sm_lid", port.smLid()));
        out.println(Text.field(4, "port_lid", port.lid()));
        out.println(Text.field(4, "port_lmc", String.format("0x%02x", port.lmc())));
        out.println(Text.field(4, "link_layer", Text.name(port.linkLayer())));
        if (verbose) {
            printPortDetails(port, out);
        }
        List<GidEntry> gids = context.queryGidTable(portNum);
        if (gids.isEmpty()) {
            out.println(Text.field(4, "GID table", "(empty)"));
        }
        for (GidEntry entry : gids) {
            out.println(Text.field(4, "GID[" + entry.index() + "]", entry.gid() + ", " + Text.name(entry.type())));
        }
    }

    private static void printPortDetails(PortAttributes port, PrintWriter out) {
        out.println(Text.field(4, "phys_state", PortCodes.physState(port.physState())));
        out.println(Text.field(4, "max_msg_sz", Text.hex(port.maxMsgSz())));
        out.println(Text.field(4, "port_cap_flags", Text.hex(Integer.toUnsignedLong(port.portCapFlags()))));
        out.println(Text.field(4, "port_cap_flags2", Text.hex(Integer.toUnsignedLong(port.portCapFlags2()))));
        out.println(Text.field(4, "gid_tbl_len", port.gidTblLen()));
        out.println(Text.field(4, "pkey_tbl_len", port.pkeyTblLen()));
        out.println(Text.field(4, "bad_pkey_cntr", port.badPkeyCntr()));
        out.println(Text.field(4, "qkey_viol_cntr", port.qkeyViolCntr()));
        out.println(Text.field(4, "sm_sl", port.smSl()));
        out.println(Text.field(4, "max_vl_num", port.maxVlNum()));
        out.println(Text.field(4, "subnet_timeout", port.subnetTimeout()));
        out.println(Text.field(4, "init_type_reply", port.initTypeReply()));
        out.println(Text.field(4, "active_width", PortCodes.width(port.activeWidth())));
        out.println(Text.field(4, "active_speed", PortCodes.speed(port.activeSpeed())));
        out.println(Text.field(4, "active_speed_ex", port.activeSpeedEx() == 0 ? "0 (not reported)"
                : PortCodes.speed(port.activeSpeedEx())));
    }

    private static String mtu(Mtu mtu) {
        return mtu == null ? "unknown" : mtu.bytes() + " (" + mtu.value() + ")";
    }

    private static String deviceCapFlags(long bits) {
        String names = Text.names(Flags.fromBits(DeviceCapFlag.class, bits));
        long unknown = Flags.unknownBits(DeviceCapFlag.class, bits);
        return Text.hex(bits) + " " + names + (unknown == 0 ? "" : ", unknown bits " + Text.hex(unknown));
    }

    private static String timestampMask(long mask) {
        return mask == 0 ? "0x0 (no completion timestamps)" : Text.hex(mask);
    }

    private static String tagMatching(TagMatchingCaps caps) {
        if (caps == null || !caps.supported()) {
            return "not supported";
        }
        return "max_num_tags " + caps.maxNumTags() + ", max_ops " + caps.maxOps() + ", max_sge " + caps.maxSge()
                + ", max_rndv_hdr_size " + caps.maxRndvHdrSize() + ", flags "
                + Text.names(caps.flags().stream().map(Text::name).sorted().toList());
    }

    private static List<Limit> limits(DeviceLimits limits) {
        return List.of(
                new Limit("max_mr_size", Text.hex(limits.maxMrSize()), true),
                new Limit("max_qp", limits.maxQp(), true),
                new Limit("max_qp_wr", limits.maxQpWr(), true),
                new Limit("max_sge", limits.maxSge(), true),
                new Limit("max_sge_rd", limits.maxSgeRd(), false),
                new Limit("max_cq", limits.maxCq(), true),
                new Limit("max_cqe", limits.maxCqe(), true),
                new Limit("max_mr", limits.maxMr(), true),
                new Limit("max_pd", limits.maxPd(), true),
                new Limit("max_qp_rd_atom", limits.maxQpRdAtom(), false),
                new Limit("max_ee_rd_atom", limits.maxEeRdAtom(), false),
                new Limit("max_res_rd_atom", limits.maxResRdAtom(), false),
                new Limit("max_qp_init_rd_atom", limits.maxQpInitRdAtom(), false),
                new Limit("max_ee_init_rd_atom", limits.maxEeInitRdAtom(), false),
                new Limit("max_ee", limits.maxEe(), false),
                new Limit("max_rdd", limits.maxRdd(), false),
                new Limit("max_mw", limits.maxMw(), false),
                new Limit("max_raw_ipv6_qp", limits.maxRawIpv6Qp(), false),
                new Limit("max_raw_ethy_qp", limits.maxRawEthyQp(), false),
                new Limit("max_mcast_grp", limits.maxMcastGrp(), false),
                new Limit("max_mcast_qp_attach", limits.maxMcastQpAttach(), false),
                new Limit("max_total_mcast_qp_attach", limits.maxTotalMcastQpAttach(), false),
                new Limit("max_ah", limits.maxAh(), false),
                new Limit("max_fmr", limits.maxFmr(), false),
                new Limit("max_map_per_fmr", limits.maxMapPerFmr(), false),
                new Limit("max_srq", limits.maxSrq(), true),
                new Limit("max_srq_wr", limits.maxSrqWr(), true),
                new Limit("max_srq_sge", limits.maxSrqSge(), true),
                new Limit("max_pkeys", limits.maxPkeys(), false),
                new Limit("max_inline_data", limits.maxInlineData(), true));
    }

    /** One limit: its C name, its value, and whether the default (not verbose) output shows it. */
    private record Limit(String label, Object value, boolean main) {
    }
}
