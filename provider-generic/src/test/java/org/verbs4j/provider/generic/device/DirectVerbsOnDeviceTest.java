package org.verbs4j.provider.generic.device;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.vendor.CqCreation;
import org.verbs4j.provider.generic.vendor.CreatedCq;
import org.verbs4j.provider.generic.vendor.CreatedQp;
import org.verbs4j.provider.generic.vendor.DeviceOpening;
import org.verbs4j.provider.generic.vendor.DeviceRecognition;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ListedDevice;
import org.verbs4j.provider.generic.vendor.NativeHandle;
import org.verbs4j.provider.generic.vendor.QpCreation;
import org.verbs4j.provider.generic.vendor.VendorDevice;
import org.verbs4j.provider.generic.vendor.VendorProbe;

/**
 * The vendor seam on the real device (rxe0 in the VM): a vendor of the tests that keeps the generic path in
 * every hook, records what the hooks got and adds views, opens the device, creates real queues through the
 * hooks and gets its views back from {@code unwrap}; a vendor that claims an extra field and gives no reader
 * is refused and leaves no queue; neither PCI vendor 0x1d0f nor libmlx5's own test claims a software device.
 */
class DirectVerbsOnDeviceTest {

    private static final int AMAZON = 0x1d0f;

    /** A vendor that keeps the generic path and records what its hooks got. */
    private static final class RecordingVendor implements DirectVerbs {
        final List<Object> seen = new CopyOnWriteArrayList<>();
        private final Set<Capability> added;

        RecordingVendor(Set<Capability> added) {
            this.added = added;
        }

        @Override
        public MemorySegment openDevice(DeviceOpening opening) {
            seen.add(opening.device().address());
            return opening.generic();
        }

        @Override
        public VendorDevice queryDevice(Context context, MemorySegment pointer) {
            return new VendorDevice(added, new DeviceView(pointer.address()));
        }

        @Override
        public CreatedCq createCq(CqCreation creation) {
            int cqe = creation.initAttr().get(JAVA_INT, Abi.offset(Abi.current().ibvCqInitAttrEx, "cqe"));
            seen.add(new CqSeen(creation.context().address(), cqe));
            return creation.generic().withView(CqView::new);
        }

        @Override
        public CreatedQp createQp(QpCreation creation) {
            seen.add(creation.attributes().qpType());
            return creation.generic().withView(QpView::new);
        }
    }

    record DeviceView(long context) {
    }

    record CqSeen(long context, int cqe) {
    }

    record CqView(CompletionQueue queue) {
    }

    record QpView(QueuePair pair) {
    }

    private static Context open(DirectVerbs verbs) {
        ListedDevice device = (ListedDevice) RealDevice.require();
        return new ListedDevice(device.info(), "test-vendor", verbs).open();
    }

    @Test
    void aVendorOpensTheDeviceAndCreatesRealQueuesThroughItsHooksAndGetsItsViews() {
        RecordingVendor vendor = new RecordingVendor(Set.of());
        try (Context context = open(vendor)) {
            long pointer = NativeHandle.of(context, "test").address();
            assertThat(context.unwrap(DeviceView.class).context()).isEqualTo(pointer);
            try (ProtectionDomain pd = context.allocateProtectionDomain();
                    CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16).build());
                    QueuePair qp = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                            new QpCapabilities(4, 4, 1, 1, 0)).build())) {
                assertThat(cq.unwrap(CqView.class).queue()).isSameAs(cq);
                assertThat(qp.unwrap(QpView.class).pair()).isSameAs(qp);
                assertThat(vendor.seen).hasSize(3).contains(new CqSeen(pointer, 16), QpType.RC);
                assertThat((long) vendor.seen.getFirst()).as("the struct ibv_device * of the opener").isNotZero();
                assertThat(cq.startPoll()).as("the generic poll iterator on the hook's queue").isFalse();
            }
        }
    }

    @Test
    void aVendorThatGivesNoReaderOfARequestedFieldIsRefusedAndLeavesNoQueue() throws Exception {
        RecordingVendor vendor = new RecordingVendor(Set.of(Capability.CQ_SOURCE_GID));
        try (Context context = open(vendor)) {
            assertThat(context.capabilities().supports(Capability.CQ_SOURCE_GID)).isTrue();
            Map<String, Long> before = RdmaResources.ownedByThisProcess();
            CqInitAttributes attributes = CqInitAttributes.builder(16)
                    .extraFields(Set.of(ExtraCompletionField.SOURCE_GID)).build();
            assertThatThrownBy(() -> context.createCompletionQueue(attributes))
                    .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("ibv_create_cq_ex")
                    .hasMessageContaining(ExtraCompletionField.SOURCE_GID.cName());
            assertThat(vendor.seen).as("the hook ran and created a queue").hasSize(2);
            assertThat(RdmaResources.ownedByThisProcess()).as("the refused queue was destroyed").isEqualTo(before);
        }
    }

    @Test
    void neitherPciVendorNorLibraryTestClaimsASoftwareDevice() {
        ListedDevice device = (ListedDevice) RealDevice.require();
        VendorProbe byVendor = new VendorProbe("libc.so.6", DeviceRecognition.pciVendor(AMAZON), "EFA");
        assertThat(byVendor.claimedDevices()).isEmpty();
        assertThat(byVendor.availability().reason()).contains("no EFA device").contains(device.name());
        DeviceRecognition byLibrary = DeviceRecognition.testedBy("libmlx5.so.1", "mlx5dv_is_supported");
        assertThat(new VendorProbe("libmlx5.so.1", byLibrary, "mlx5").claimedDevices())
                .as("libmlx5's own test of %s", device.name()).isEmpty();
    }
}
