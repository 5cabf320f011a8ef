package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.AtomicCapability;
import org.verbs4j.Capability;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceLimits;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.PortAttributes;

/**
 * Devices and contexts: identity, {@code ibv_query_device_ex}, {@code ibv_query_port}, the GID table,
 * and capabilities that agree with the device attributes.
 */
@TckArea("device and context")
public abstract class DeviceAndContextVerification extends AreaVerification {

    /** Creates the area. */
    protected DeviceAndContextVerification() {
    }

    /** The device and the provider that offers it. */
    @Nested
    @DisplayName("identity")
    class Identity {

        @Test
        @DisplayName("ibv_get_device_list: the device has a name and is served by the provider under test")
        void deviceNamesItsProvider() {
            Device device = context().device();
            assertAll(() -> assertFalse(device.name().isBlank(), "device name"),
                    () -> assertEquals(providerUnderTest().id(), device.providerId(), "Device.providerId()"));
        }

        @Test
        @DisplayName("ibv_open_device: a context knows the device it was opened on")
        void contextKnowsItsDevice() {
            assertEquals(context().device().name(), deviceSelection().device().orElseThrow().name());
        }

        @Test
        @DisplayName("ibv_open_device: two contexts on one device are independent objects")
        void twoContextsAreIndependent() {
            try (Context second = context().device().open()) {
                assertNotSame(context(), second);
                assertFalse(second.isClosed());
            }
            assertFalse(context().isClosed(), "closing one context must not close the other");
        }
    }

    /** ibv_query_device_ex. */
    @Nested
    @DisplayName("ibv_query_device_ex")
    class QueryDevice {

        @Test
        @DisplayName("ibv_query_device_ex: the device has at least one port and the port under test exists")
        void hasThePortUnderTest() {
            DeviceAttributes attributes = context().queryDevice();
            assertTrue(attributes.physPortCount() >= environment().portNum(), () -> "phys_port_cnt "
                    + attributes.physPortCount() + " but the TCK uses port " + environment().portNum());
        }

        @Test
        @DisplayName("ibv_query_device_ex: the limits the kit relies on are positive")
        void limitsArePositive() {
            DeviceLimits limits = context().queryDevice().limits();
            assertAll(() -> assertTrue(limits.maxCqe() > 0, "max_cqe"),
                    () -> assertTrue(limits.maxQp() > 0, "max_qp"),
                    () -> assertTrue(limits.maxQpWr() > 0, "max_qp_wr"),
                    () -> assertTrue(limits.maxSge() > 0, "max_sge"),
                    () -> assertTrue(limits.maxCq() > 0, "max_cq"),
                    () -> assertTrue(limits.maxMr() > 0, "max_mr"),
                    () -> assertTrue(limits.maxPd() > 0, "max_pd"),
                    () -> assertTrue(limits.maxMrSize() > 0, "max_mr_size"));
        }

        @Test
        @DisplayName("ibv_context.num_comp_vectors: at least one completion vector")
        void hasACompletionVector() {
            assertTrue(context().numCompVectors() >= 1, "num_comp_vectors " + context().numCompVectors());
        }
    }

    /** ibv_query_port and the GID table. */
    @Nested
    @DisplayName("ibv_query_port and GIDs")
    class Ports {

        @Test
        @DisplayName("ibv_query_port(3): port 0 and ports above phys_port_cnt give EINVAL")
        void rejectsPortsOutOfRange() {
            int count = context().queryDevice().physPortCount();
            assertAll(() -> assertThrows(InvalidArgumentException.class, () -> context().queryPort(0), "port 0"),
                    () -> assertThrows(InvalidArgumentException.class, () -> context().queryPort(count + 1),
                            "port " + (count + 1)));
        }

        @Test
        @DisplayName("ibv_query_port(3): the port under test reports its MTUs and a GID table")
        void portReportsMtuAndGidTable() {
            PortAttributes port = context().queryPort(environment().portNum());
            assertAll(() -> assertTrue(port.activeMtu().value() <= port.maxMtu().value(), "active_mtu <= max_mtu"),
                    () -> assertTrue(port.gidTblLen() > environment().gidIndex(),
                            "gid_tbl_len must cover the GID index under test"));
        }

        @Test
        @DisplayName("ibv_query_gid(3): the GID under test is valid and listed by ibv_query_gid_table")
        void gidIsListedInTheTable() {
            Gid gid = context().queryGid(environment().portNum(), environment().gidIndex());
            List<GidEntry> table = context().queryGidTable(environment().portNum());
            assertFalse(gid.isZero(), "the GID under test is all zero (an empty entry)");
            assertTrue(table.stream().anyMatch(entry -> entry.index() == environment().gidIndex()
                            && entry.gid().equals(gid)),
                    () -> "ibv_query_gid_table does not list " + gid + " at index " + environment().gidIndex());
        }
    }

    /** Capabilities that agree with the attributes, so that "unsupported" can be trusted. */
    @Nested
    @DisplayName("capabilities")
    class CapabilityConsistency {

        @Test
        @DisplayName("capabilities: TAG_MATCHING is on exactly when tm_caps report tag matching")
        void tagMatchingAgreesWithTmCaps() {
            assertEquals(context().queryDevice().tmCaps().supported(),
                    context().capabilities().supports(Capability.TAG_MATCHING));
        }

        @Test
        @DisplayName("capabilities: ATOMICS is on exactly when atomic_cap is not IBV_ATOMIC_NONE")
        void atomicsAgreeWithAtomicCap() {
            assertEquals(context().queryDevice().atomicCap() != AtomicCapability.NONE,
                    context().capabilities().supports(Capability.ATOMICS));
        }

        @Test
        @DisplayName("capabilities: SRQ is on exactly when max_srq is positive")
        void srqAgreesWithMaxSrq() {
            assertEquals(context().queryDevice().limits().maxSrq() > 0,
                    context().capabilities().supports(Capability.SRQ));
        }

        @Test
        @DisplayName("capabilities: the same device reports the same capabilities on every context")
        void capabilitiesAreStable() {
            try (Context second = context().device().open()) {
                assertEquals(context().capabilities().supported(), second.capabilities().supported());
            }
        }
    }
}
