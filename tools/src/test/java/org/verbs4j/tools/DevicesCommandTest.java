package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;

class DevicesCommandTest {

    private static final List<String> REPORT = List.of(
            "Providers (default order: hardware providers, then generic, then soft only if no other device):",
            "  mlx5     available; chosen for mlx5_0",
            "  efa      unavailable: libefa.so.1 not found; not chosen",
            "  generic  available; not chosen for mlx5_0: served by mlx5",
            "  soft     available; not chosen: other providers offer devices");

    private static final List<String> MLX5_IDENTITY = List.of(
            "hca_id: mlx5_0",
            "  provider:                  mlx5",
            "  transport:                 IB (0)",
            "  node_type:                 CA (1)",
            "  node_guid:                 0c42:a103:0065:4f3a");

    private static final List<String> MLX5_BODY = List.of(
            "  fw_ver:                    20.31.1014",
            "  sys_image_guid:            0c42:a103:0065:4f3a",
            "  vendor_id:                 0x02c9",
            "  vendor_part_id:            4123",
            "  hw_ver:                    0x0",
            "  phys_port_cnt:             1",
            "  atomic_cap:                HCA (1)",
            "  num_comp_vectors:          8",
            "  max_mr_size:               0xffffffffffffffff",
            "  max_qp:                    131072",
            "  max_qp_wr:                 32768",
            "  max_sge:                   30",
            "  max_cq:                    16777216",
            "  max_cqe:                   4194303",
            "  max_mr:                    16777216",
            "  max_pd:                    8388608",
            "  max_srq:                   8388608",
            "  max_srq_wr:                32767",
            "  max_srq_sge:               31",
            "  max_inline_data:           512",
            "  completion_timestamp_mask: 0x7fffffffffffffff",
            "  hca_core_clock:            156250 kHz",
            "  tag_matching:              max_num_tags 255, max_ops 128, max_sge 1, max_rndv_hdr_size 64, flags RC",
            "  capabilities:              " + Fixtures.MLX5_CAPABILITIES.stream().map(Enum::name)
                    .collect(Collectors.joining(", ")),
            "  unsupported:               XRC, TSO",
            "  mlx5dv_query_device.version: 1",
            "  mlx5dv_query_device.flags: 0x3 (CQE_V1, OBSOLETE)",
            "  port:                      1",
            "    state:                   ACTIVE (4)",
            "    max_mtu:                 4096 (5)",
            "    active_mtu:              1024 (3)",
            "    sm_lid:                  0",
            "    port_lid:                0",
            "    port_lmc:                0x00",
            "    link_layer:              ETHERNET",
            "    GID[0]:                  fe80:0000:0000:0000:0e42:a1ff:fe65:4f3a, ROCE_V1",
            "    GID[1]:                  fe80:0000:0000:0000:0e42:a1ff:fe65:4f3a, ROCE_V2",
            "    GID[3]:                  0000:0000:0000:0000:0000:ffff:c0a8:010a, ROCE_V2");

    private static final VerbsException OPEN_FAILURE =
            new VerbsException("ibv_open_device", 13, "cannot open /dev/infiniband/uverbs1");

    private static Device failingDevice() {
        return new FakeDevice("bad0", "generic", 1L, NodeType.CA, TransportType.IB, device -> {
            throw OPEN_FAILURE;
        });
    }

    private static List<String> lines(List<List<String>> parts) {
        return parts.stream().flatMap(List::stream).toList();
    }

    @Test
    void printsTheProvidersThenEveryDevice() {
        Run run = Run.of(new FakeCatalog(List.of(Fixtures.mlx5()), Fixtures.report()), "devices");

        assertThat(run.out()).containsExactlyElementsOf(lines(List.of(REPORT, List.of(""), MLX5_IDENTITY, MLX5_BODY)));
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void saysPlainlyWhenNoProviderOffersADevice() {
        Run run = Run.of(new FakeCatalog(List.of(), Fixtures.emptyReport()), "devices");

        assertThat(run.out()).containsExactly(
                "No provider offers a device on this machine.",
                "Providers (default order: hardware providers, then generic, then soft only if no other device):",
                "  generic  unavailable: libibverbs.so.1 not found; not chosen",
                "  soft     unavailable: not built yet; not chosen");
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void aDeviceThatCannotBeOpenedIsReportedAndTheOthersAreStillShown() {
        Run run = Run.of(new FakeCatalog(List.of(failingDevice(), Fixtures.mlx5()), Fixtures.report()), "devices");

        assertThat(run.out()).containsExactlyElementsOf(lines(List.of(REPORT, List.of(
                "",
                "hca_id: bad0",
                "  provider:                  generic",
                "  transport:                 IB (0)",
                "  node_type:                 CA (1)",
                "  node_guid:                 0000:0000:0000:0001",
                "  error:                     " + OPEN_FAILURE.getMessage(),
                ""), MLX5_IDENTITY, MLX5_BODY)));
        assertThat(run.err()).containsExactly("verbs4j devices: 1 of 2 devices could not be read: bad0");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void aPortThatCannotBeQueriedStopsThatDeviceOnlyAndTheContextIsClosed() {
        List<Context> opened = new ArrayList<>();
        Device broken = Fixtures.brokenPortDevice();
        Device tracked = new FakeDevice(broken.name(), broken.providerId(), broken.nodeGuid(), broken.nodeType(),
                broken.transportType(), device -> {
                    Context context = broken.open();
                    opened.add(context);
                    return context;
                });

        Run run = Run.of(new FakeCatalog(List.of(tracked, Fixtures.mlx5()), Fixtures.report()), "devices");

        assertThat(run.out()).containsSubsequence(
                "hca_id: rxe0",
                "  node_guid:                 0250:56ff:fe8a:1234",
                "  atomic_cap:                NONE (0)",
                "  completion_timestamp_mask: 0x0 (no completion timestamps)",
                "  tag_matching:              not supported",
                "  capabilities:              (none)",
                "  port:                      1",
                "    state:                   DOWN (1)",
                "    active_mtu:              256 (1)",
                "    GID table:               (empty)",
                "  error:                     java.lang.IllegalStateException: port 2 is broken",
                "",
                "hca_id: mlx5_0",
                "    GID[3]:                  0000:0000:0000:0000:0000:ffff:c0a8:010a, ROCE_V2");
        assertThat(run.err()).containsExactly("verbs4j devices: 1 of 2 devices could not be read: rxe0");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(opened).singleElement().satisfies(context -> assertThat(context.isClosed()).isTrue());
    }

    @Test
    void deviceOptionShowsOnlyThatDevice() {
        Run run = Run.of(new FakeCatalog(List.of(failingDevice(), Fixtures.mlx5()), Fixtures.report()),
                "devices", "--device", "mlx5_0");

        assertThat(run.out()).containsExactlyElementsOf(lines(List.of(MLX5_IDENTITY, MLX5_BODY)));
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void anUnknownDeviceNameIsAUsageError() {
        Run run = Run.of(new FakeCatalog(List.of(failingDevice(), Fixtures.mlx5()), Fixtures.report()),
                "devices", "-d", "nope");

        assertThat(run.out()).isEmpty();
        assertThat(run.err()).containsExactly("verbs4j devices: no device named 'nope'; devices: bad0, mlx5_0");
        assertThat(run.exitCode()).isEqualTo(2);
    }

    @Test
    void aDeviceNameWhenThereIsNoDeviceExplainsWhy() {
        Run run = Run.of(new FakeCatalog(List.of(), Fixtures.emptyReport()), "devices", "-d", "mlx5_0");

        assertThat(run.out()).first().isEqualTo("No provider offers a device on this machine.");
        assertThat(run.out()).contains("  generic  unavailable: libibverbs.so.1 not found; not chosen");
        assertThat(run.err()).containsExactly("verbs4j devices: no device named 'mlx5_0'; devices: (none)");
        assertThat(run.exitCode()).isEqualTo(2);
    }

    @Test
    void verboseAddsLimitsFlagsAndPortDetailsThatTheBriefFormLeavesOut() {
        FakeCatalog catalog = new FakeCatalog(List.of(Fixtures.mlx5()), Fixtures.report());

        Run verbose = Run.of(catalog, "devices", "-v");
        Run brief = Run.of(catalog, "devices");

        assertThat(verbose.out()).containsSubsequence(
                "  atomic_cap:                HCA (1)",
                "  page_size_cap:             0xfffffffffffff000",
                "  device_cap_flags:          0x10000100001 RESIZE_MAX_WR, XRC, unknown bits 0x10000000000",
                "  device_cap_flags_ex:       0x1",
                "  local_ca_ack_delay:        16",
                "  num_comp_vectors:          8",
                "  max_mr_size:               0xffffffffffffffff",
                "  max_sge:                   30",
                "  max_sge_rd:                30",
                "  max_cq:                    16777216",
                "  max_qp_rd_atom:            16",
                "  max_ee_rd_atom:            0",
                "  max_res_rd_atom:           2097152",
                "  max_total_mcast_qp_attach: 503316480",
                "  max_ah:                    2147483647",
                "  max_srq_sge:               31",
                "  max_pkeys:                 128",
                "  max_inline_data:           512",
                "    link_layer:              ETHERNET",
                "    phys_state:              LINK_UP (5)",
                "    max_msg_sz:              0x40000000",
                "    port_cap_flags:          0x4010000",
                "    gid_tbl_len:             256",
                "    active_width:            4X (2)",
                "    active_speed:            25.0 Gbps (32)",
                "    active_speed_ex:         0 (not reported)",
                "    GID[0]:                  fe80:0000:0000:0000:0e42:a1ff:fe65:4f3a, ROCE_V1");
        assertThat(verbose.exitCode()).isZero();
        assertThat(brief.out()).noneMatch(line -> line.startsWith("  max_sge_rd:")
                || line.startsWith("  device_cap_flags:") || line.startsWith("    phys_state:"));
        assertThat(verbose.out()).containsAll(brief.out());
    }

    @Test
    void aCatalogThatCannotBeLoadedIsReported() {
        UnsupportedVerbException failure = new UnsupportedVerbException("Verbs.catalog", "no DeviceCatalog");

        Run run = Run.of(() -> {
            throw failure;
        }, "devices");

        assertThat(run.out()).isEmpty();
        assertThat(run.err()).containsExactly("verbs4j devices: cannot list the devices: " + failure.getMessage());
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void withoutArgumentsPrintsUsageWithoutLoadingTheCatalog() {
        Run run = Run.of(() -> {
            throw new AssertionError("the catalog must not be loaded");
        });

        assertThat(run.out()).first().asString().startsWith("Usage: verbs4j");
        assertThat(run.out()).anyMatch(line -> line.strip().startsWith("devices "));
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        Run run = Run.of(new FakeCatalog(List.of(), Fixtures.emptyReport()), "devices", "--bogus");

        assertThat(run.err()).first().isEqualTo("Unknown option: '--bogus'");
        assertThat(run.exitCode()).isEqualTo(2);
    }

    @Test
    void listOptionPrintsOnlyTheNamesAsIbvDevinfoDoes() {
        Run run = Run.of(new FakeCatalog(List.of(failingDevice(), Fixtures.mlx5()), Fixtures.report()), "devices", "-l");

        assertThat(run.out()).containsExactly("2 HCAs found:", "\tbad0", "\tmlx5_0");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void listOptionWithOneDeviceSaysHca() {
        Run run = Run.of(new FakeCatalog(List.of(Fixtures.mlx5()), Fixtures.report()), "devices", "--list");

        assertThat(run.out()).containsExactly("1 HCA found:", "\tmlx5_0");
    }

    @Test
    void portOptionShowsOnlyThatPort() {
        Run run = Run.of(new FakeCatalog(List.of(Fixtures.brokenPortDevice()), Fixtures.report()),
                "devices", "-d", "rxe0", "-i", "1");

        assertThat(run.out()).contains("  port:                      1", "    state:                   DOWN (1)")
                .doesNotContain("  port:                      2")
                .noneMatch(line -> line.contains("port 2 is broken"));
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void aPortTheDeviceDoesNotHaveIsReportedForThatDevice() {
        Run run = Run.of(new FakeCatalog(List.of(Fixtures.mlx5()), Fixtures.report()), "devices", "-i", "2");

        assertThat(run.out()).contains("  error:                     java.lang.IllegalArgumentException:"
                + " the device has no port 2 (phys_port_cnt 1)");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void theSummaryInTheCommandListIsWhole() {
        Run run = Run.of(new FakeCatalog(List.of(), Fixtures.emptyReport()), "--help");

        String commands = String.join(" ", run.out()).replaceAll("\\s+", " ");
        assertThat(commands).contains("devices Lists the providers Verbs4J found (available or not, chosen or not,"
                + " and why), then every device they offer with its attributes, limits, capabilities and ports,"
                + " like ibv_devinfo.");
    }

    @Test
    void devicesHelpListsTheOptions() {
        Run run = Run.of(new FakeCatalog(List.of(), Fixtures.emptyReport()), "devices", "--help");

        assertThat(run.out()).first().asString().startsWith("Usage: verbs4j devices");
        assertThat(run.out()).anyMatch(line -> line.contains("-d, --device=NAME"))
                .anyMatch(line -> line.contains("-v, --verbose"))
                .anyMatch(line -> line.contains("-i, --ib-port=PORT"))
                .anyMatch(line -> line.contains("-l, --list"));
        assertThat(run.exitCode()).isZero();
    }
}
