package org.verbs4j.provider.generic.vendor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.Capability;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.VerbsObject;

/** What the seam's records accept, and how a vendor reaches an object's pointer, without a device. */
class SeamRecordsTest {

    /** An object of the binding as a vendor sees it: a verbs object with a pointer. */
    private static final class Handle implements VerbsObject, NativeHandle {
        private final MemorySegment pointer;
        private boolean closed;

        Handle(MemorySegment pointer) {
            this.pointer = pointer;
        }

        @Override
        public MemorySegment pointer() {
            return pointer;
        }

        @Override
        public void close() {
            closed = true;
        }

        @Override
        public boolean isClosed() {
            return closed;
        }
    }

    @Test
    void aCreatorThatReturnsNullIsRefusedAtOnce() {
        assertThatThrownBy(() -> CreatedCq.of(MemorySegment.NULL)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CreatedQp.of(MemorySegment.NULL)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CreatedMr.of(MemorySegment.NULL)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ExtraReader(MemorySegment.NULL, MemorySegment.ofAddress(8), "read"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("read");
    }

    @Test
    void theDefaultRegistrationHookIsTheGenericCallAndARegionKeepsItsView() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mr = arena.allocate(8);
            MrRegistration registration = new MrRegistration(arena.allocate(8), 0x1000, 64, 1, arena, () -> mr);

            CreatedMr created = DirectVerbs.GENERIC.registerMr(registration);

            assertThat(created.mr()).isEqualTo(mr);
            assertThat(created.view().apply(null)).isNull();
            assertThat(created.withView(region -> "view").view().apply(null)).isEqualTo("view");
        }
    }

    @Test
    void aCreatedQueueCollectsItsReadersAndView() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cq = arena.allocate(8);
            ExtraReader sgid = new ExtraReader(arena.allocate(1), arena.allocate(8), "read_sgid");
            CreatedCq created = CreatedCq.of(cq).withReader(ExtraCompletionField.SOURCE_GID, sgid)
                    .withView(queue -> "view");
            assertThat(created.cq()).isEqualTo(cq);
            assertThat(created.extraReaders()).containsOnlyKeys(ExtraCompletionField.SOURCE_GID)
                    .containsValue(sgid);
            assertThat(created.view().apply(null)).isEqualTo("view");
            assertThat(CreatedCq.of(cq).view().apply(null)).as("no view by default").isNull();
        }
    }

    @Test
    void aVendorDeviceKeepsACopyOfItsCapabilities() {
        EnumSet<Capability> added = EnumSet.of(Capability.CQ_SOURCE_GID);
        VendorDevice device = new VendorDevice(added, null);
        added.add(Capability.CQ_UNSOLICITED);
        assertThat(device.capabilities()).containsExactly(Capability.CQ_SOURCE_GID);
        assertThat(VendorDevice.NONE.capabilities()).isEmpty();
    }

    @Test
    void aVendorDeviceWithdrawsACopyOfItsRefusalsAndKeepsTheRest() {
        EnumSet<Capability> refused = EnumSet.of(Capability.QP_RC);
        VendorDevice device = new VendorDevice(Set.of(Capability.QP_DRIVER), "view").withdrawing(refused);
        refused.add(Capability.QP_UC);
        assertThat(device.withdrawn()).containsExactly(Capability.QP_RC);
        assertThat(device.capabilities()).containsExactly(Capability.QP_DRIVER);
        assertThat(device.view()).isEqualTo("view");
        assertThat(VendorDevice.NONE.withdrawn()).isEmpty();
    }

    @Test
    void aVendorReachesThePointerOfAnOpenObjectOfTheBindingOnly() {
        Handle open = new Handle(MemorySegment.ofAddress(0x1000));
        assertThat(NativeHandle.of(open, "query_ah").address()).isEqualTo(0x1000);
        Handle closed = new Handle(MemorySegment.ofAddress(0x2000));
        closed.close();
        assertThatThrownBy(() -> NativeHandle.of(closed, "query_ah")).isInstanceOf(ClosedObjectException.class)
                .hasMessageContaining("query_ah");
        VerbsObject foreign = new VerbsObject() {
            @Override
            public void close() {
            }

            @Override
            public boolean isClosed() {
                return false;
            }
        };
        assertThatThrownBy(() -> NativeHandle.of(foreign, "query_ah")).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("not one of the generic binding's");
        assertThatThrownBy(() -> NativeHandle.of(null, "query_ah")).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("missing");
    }
}
