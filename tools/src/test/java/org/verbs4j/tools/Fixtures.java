package org.verbs4j.tools;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.verbs4j.AtomicCapability;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceCapFlag;
import org.verbs4j.DeviceLimits;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;
import org.verbs4j.GidType;
import org.verbs4j.LinkLayer;
import org.verbs4j.Mtu;
import org.verbs4j.NodeType;
import org.verbs4j.OdpCaps;
import org.verbs4j.PortAttributes;
import org.verbs4j.PortState;
import org.verbs4j.ProviderStatus;
import org.verbs4j.SelectionReport;
import org.verbs4j.TagMatchingCaps;
import org.verbs4j.TmCapFlag;
import org.verbs4j.TransportType;
import org.verbs4j.VendorAttribute;

/** Fake devices and reports for the tests. */
final class Fixtures {

    static final long MLX5_GUID = 0x0c42a10300654f3aL;

    static final Gid LINK_LOCAL = new Gid(0xfe80000000000000L, 0x0e42a1fffe654f3aL);
    static final Gid IPV4_MAPPED = new Gid(0L, 0x0000ffffc0a8010aL);

    /** Every capability except XRC and TSO. */
    static final EnumSet<Capability> MLX5_CAPABILITIES =
            EnumSet.complementOf(EnumSet.of(Capability.XRC, Capability.TSO));

    private Fixtures() {
    }

    static SelectionReport report() {
        return new SelectionReport(List.of(
                new ProviderStatus("mlx5", true, "", true, "chosen for mlx5_0", List.of("mlx5_0")),
                new ProviderStatus("efa", false, "libefa.so.1 not found", false,
                        "not chosen: unavailable: libefa.so.1 not found", List.of()),
                new ProviderStatus("generic", true, "", false, "not chosen for mlx5_0: served by mlx5", List.of()),
                new ProviderStatus("soft", true, "", false, "other providers offer devices", List.of())),
                "default order: hardware providers, then generic, then soft only if no other device");
    }

    static SelectionReport emptyReport() {
        return new SelectionReport(List.of(
                new ProviderStatus("generic", false, "libibverbs.so.1 not found", false,
                        "not chosen: unavailable: libibverbs.so.1 not found", List.of()),
                new ProviderStatus("soft", false, "not built yet", false, "", List.of())),
                "default order: hardware providers, then generic, then soft only if no other device");
    }

    static Device mlx5() {
        return new FakeDevice("mlx5_0", "mlx5", MLX5_GUID, NodeType.CA, TransportType.IB, Fixtures::mlx5Context);
    }

    static Context mlx5Context(Device device) {
        return FakeContext.withVendorAttributes(mlx5PlainContext(device), List.of(
                new VendorAttribute("mlx5dv_query_device", "version", "1"),
                new VendorAttribute("mlx5dv_query_device", "flags", "0x3 (CQE_V1, OBSOLETE)")));
    }

    private static Context mlx5PlainContext(Device device) {
        return FakeContext.create(device, mlx5Attributes(),
                Map.of(1, port(PortState.ACTIVE, Mtu.MTU_4096, Mtu.MTU_1024, LinkLayer.ETHERNET)),
                Map.of(1, List.of(
                        new GidEntry(LINK_LOCAL, 0, 1, GidType.ROCE_V1, 4),
                        new GidEntry(LINK_LOCAL, 1, 1, GidType.ROCE_V2, 4),
                        new GidEntry(IPV4_MAPPED, 3, 1, GidType.ROCE_V2, 4))),
                Capabilities.of(MLX5_CAPABILITIES), 8);
    }

    /** A device with two ports whose second port cannot be queried. */
    static Device brokenPortDevice() {
        return new FakeDevice("rxe0", "generic", 0x0250_56ff_fe8a_1234L, NodeType.CA, TransportType.IB,
                device -> FakeContext.create(device, attributes(2, AtomicCapability.NONE, TagMatchingCaps.NONE, 0),
                        Map.of(1, port(PortState.DOWN, Mtu.MTU_4096, Mtu.MTU_256, LinkLayer.ETHERNET)),
                        Map.of(), Capabilities.of(EnumSet.noneOf(Capability.class)), 1));
    }

    static DeviceAttributes mlx5Attributes() {
        return attributes(1, AtomicCapability.HCA, new TagMatchingCaps(64, 255, Set.of(TmCapFlag.RC), 128, 1),
                0x7fffffffffffffffL);
    }

    static DeviceAttributes attributes(int ports, AtomicCapability atomics, TagMatchingCaps tagMatching,
                                       long timestampMask) {
        long capFlags = DeviceCapFlag.RESIZE_MAX_WR.value() | DeviceCapFlag.XRC.value() | (1L << 40);
        return new DeviceAttributes("20.31.1014", MLX5_GUID, MLX5_GUID, 0x02c9, 4123, 0, ports,
                0xfffffffffffff000L, capFlags, 0x1L, atomics, 16, limits(), timestampMask, 156250, tagMatching,
                OdpCaps.NONE, 0);
    }

    static DeviceLimits limits() {
        return DeviceLimits.builder()
                .maxMrSize(0xffffffffffffffffL).maxQp(131072).maxQpWr(32768).maxSge(30).maxSgeRd(30)
                .maxCq(16777216).maxCqe(4194303).maxMr(16777216).maxPd(8388608).maxQpRdAtom(16)
                .maxResRdAtom(2097152).maxQpInitRdAtom(16).maxMw(16777216).maxMcastGrp(2097152)
                .maxMcastQpAttach(240).maxTotalMcastQpAttach(503316480).maxAh(2147483647)
                .maxSrq(8388608).maxSrqWr(32767).maxSrqSge(31).maxPkeys(128).maxInlineData(512)
                .build();
    }

    static PortAttributes port(PortState state, Mtu max, Mtu active, LinkLayer linkLayer) {
        return new PortAttributes(state, max, active, 256, 0x04010000, 0x40000000L, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0,
                2, 32, 5, linkLayer, 0, 0);
    }
}
