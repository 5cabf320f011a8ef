package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.verbs4j.Capability;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.NativeDevice;
import org.verbs4j.provider.generic.vendor.DeviceOpening;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ListedDevice;
import org.verbs4j.provider.generic.vendor.NativeHandle;

/**
 * The vendor seam with a vendor of the tests ({@link StandInVendor}) over a stand-in native library
 * ({@code src/test/c/standin_vendor.c}, built against rdma-core's headers): the context opens through the
 * vendor's opener, the vendor's capabilities and device view are there, a CQ that requests extra fields is
 * created by the vendor's creator from the generic init attributes, its extra readers are called on the
 * current completion with the vendor's CQ struct, and {@code unwrap} returns the vendor's views. The library
 * records what Java passed, and the test asserts it on the C side. Stand-in objects are never closed (their
 * destroy functions would be libibverbs', which would free memory it never allocated) and stay reachable, so
 * that the safety net never destroys them either.
 */
@SuppressWarnings("restricted")
class DirectVerbsSeamTest {

    private static final List<Object> NEVER_DESTROYED = new CopyOnWriteArrayList<>();
    private static SymbolLookup library;

    @BeforeAll
    static void buildTheStandIn() throws Exception {
        library = StandInLibrary.build("verbs4j-standin-vendor", "standin_vendor.c");
    }

    private static long seen(String function) throws Throwable {
        MethodHandle handle = Linker.nativeLinker().downcallHandle(library.findOrThrow(function),
                FunctionDescriptor.of(JAVA_LONG));
        return (long) handle.invokeExact();
    }

    private static long seenAddress(String function) throws Throwable {
        MethodHandle handle = Linker.nativeLinker().downcallHandle(library.findOrThrow(function),
                FunctionDescriptor.of(ADDRESS));
        return ((MemorySegment) handle.invokeExact()).address();
    }

    private static int seenInt(String function) throws Throwable {
        MethodHandle handle = Linker.nativeLinker().downcallHandle(library.findOrThrow(function),
                FunctionDescriptor.of(JAVA_INT));
        return (int) handle.invokeExact();
    }

    private static void complete(CompletionQueue cq, long wrId, boolean senderKnown, boolean unsolicited)
            throws Throwable {
        MethodHandle handle = Linker.nativeLinker().downcallHandle(library.findOrThrow("standin_vendor_complete"),
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT));
        handle.invokeExact(((NativeHandle) cq).pointer(), wrId, senderKnown ? 1 : 0, unsolicited ? 1 : 0);
    }

    private static <T> T keep(T object) {
        NEVER_DESTROYED.add(object);
        return object;
    }

    private static NativeContext open(DirectVerbs verbs, MemorySegment device) {
        ListedDevice listed = new ListedDevice(new NativeDevice("standin0", 0, NodeType.CA, TransportType.IB),
                "stand-in", verbs);
        return keep(NativeContext.open(listed, device));
    }

    private static NativeContext openVendorContext() {
        return open(new StandInVendor(library), Arena.global().allocate(64));
    }

    private static CompletionQueue vendorCq(Context context, Set<ExtraCompletionField> fields) {
        return keep(context.createCompletionQueue(CqInitAttributes.builder(32)
                .wcFlags(Set.of(CompletionField.BYTE_LEN)).extraFields(fields).build()));
    }

    @Test
    void theContextOpensThroughTheVendorsOpenerWithTheListedDevice() throws Throwable {
        MemorySegment device = Arena.global().allocate(64);
        NativeContext context = open(new StandInVendor(library), device);
        assertThat(seenAddress("standin_vendor_seen_device")).as("the struct ibv_device * the opener got")
                .isEqualTo(device.address());
        assertThat(context.queryDevice().vendorId()).as("read by the generic query from the vendor's context")
                .isEqualTo(0x5eed);
    }

    @Test
    void theVendorsCapabilitiesWithdrawalsAndDeviceViewAreTheContexts() {
        NativeContext context = openVendorContext();
        assertThat(context.capabilities().supported()).contains(Capability.CQ_SOURCE_GID, Capability.CQ_UNSOLICITED)
                .contains(Capability.EXTENDED_CQ, Capability.QP_RC);
        assertThat(context.capabilities().supports(Capability.QP_UC)).as("withdrawn by the vendor").isFalse();
        StandInVendor.DeviceView view = context.unwrap(StandInVendor.DeviceView.class);
        assertThat(view.context()).isSameAs(context);
        assertThat(view.pointer().address()).isEqualTo(context.pointer().address());
        assertThat(context.unwrap(Context.class)).as("the object itself, as before").isSameAs(context);
        assertThatThrownBy(() -> context.unwrap(StandInVendor.CqView.class))
                .isInstanceOf(UnsupportedVerbException.class);
    }

    @Test
    void theVendorsCreatorGetsTheFilledGenericAttributesAndItsOwn() throws Throwable {
        NativeContext context = openVendorContext();
        CompletionQueue cq = vendorCq(context, Set.of(ExtraCompletionField.SOURCE_GID));
        assertThat(seenAddress("standin_vendor_seen_context")).isEqualTo(context.pointer().address());
        assertThat(seenInt("standin_vendor_seen_cqe")).as("ibv_cq_init_attr_ex.cqe").isEqualTo(32);
        assertThat(seen("standin_vendor_seen_wc_flags")).as("ibv_cq_init_attr_ex.wc_flags")
                .isEqualTo(Flags.toBits(Set.of(CompletionField.BYTE_LEN)));
        assertThat(seen("standin_vendor_seen_vendor_wc_flags")).as("the vendor struct's wc_flags")
                .isEqualTo(ExtraCompletionField.SOURCE_GID.value());
        assertThat(seenInt("standin_vendor_seen_inlen")).isEqualTo((int) StandInVendor.ATTR_SIZE);
        assertThat(cq.extraFields()).containsExactly(ExtraCompletionField.SOURCE_GID);
        assertThat(cq.cqe()).isEqualTo(32);
    }

    @Test
    void unwrapReturnsTheVendorsViewOfTheQueue() {
        CompletionQueue cq = vendorCq(openVendorContext(), Set.of(ExtraCompletionField.SOURCE_GID));
        StandInVendor.CqView view = cq.unwrap(StandInVendor.CqView.class);
        assertThat(view.queue()).isSameAs(cq);
        assertThat(cq.unwrap(CompletionQueue.class)).isSameAs(cq);
    }

    @Test
    void theExtraReaderReadsTheCurrentCompletionWithTheVendorsStruct() throws Throwable {
        CompletionQueue cq = vendorCq(openVendorContext(), Set.of(ExtraCompletionField.SOURCE_GID));
        long vendorCq = cq.unwrap(StandInVendor.CqView.class).vendorCq().address();
        complete(cq, 7, false, false);
        complete(cq, 8, true, false);
        MemorySegment gid = MemorySegment.ofArray(new byte[16]);
        assertThat(cq.startPoll()).isTrue();
        assertThat(cq.wrId()).isEqualTo(7);
        assertThat(cq.readSourceGid(gid)).as("an unknown sender's GID is written").isTrue();
        assertThat(gid.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                .containsExactly(0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd,
                        0xfe, 0xff);
        assertThat(seenAddress("standin_vendor_seen_reader_self")).as("the reader's first argument")
                .isEqualTo(vendorCq);
        assertThat(cq.nextPoll()).isTrue();
        assertThat(cq.wrId()).isEqualTo(8);
        assertThat(cq.readSourceGid(MemorySegment.ofArray(new byte[16]))).as("-ENOENT: the sender's AH is known")
                .isFalse();
        assertThat(cq.nextPoll()).isFalse();
        cq.endPoll();
        assertThat(seenInt("standin_vendor_wrong_self_reads")).isZero();
    }

    @Test
    void bothExtraFieldsHaveTheirReaders() throws Throwable {
        CompletionQueue cq = vendorCq(openVendorContext(),
                Set.of(ExtraCompletionField.SOURCE_GID, ExtraCompletionField.UNSOLICITED));
        complete(cq, 1, true, true);
        complete(cq, 2, true, false);
        assertThat(cq.startPoll()).isTrue();
        assertThat(cq.readIsUnsolicited()).isTrue();
        assertThat(cq.nextPoll()).isTrue();
        assertThat(cq.readIsUnsolicited()).isFalse();
        cq.endPoll();
    }

    @Test
    void aFieldNotRequestedOrNoCompletionCurrentIsMisuse() throws Throwable {
        CompletionQueue cq = vendorCq(openVendorContext(), Set.of(ExtraCompletionField.SOURCE_GID));
        assertThatThrownBy(() -> cq.readSourceGid(MemorySegment.ofArray(new byte[16])))
                .as("no batch open").isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("standin_wc_read_sgid");
        complete(cq, 1, false, false);
        assertThat(cq.startPoll()).isTrue();
        assertThatThrownBy(cq::readIsUnsolicited).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("EFADV_WC_EX_WITH_IS_UNSOLICITED was not requested");
        assertThatThrownBy(() -> cq.readSourceGid(MemorySegment.ofArray(new byte[15])))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("16 bytes");
        cq.endPoll();
    }

    @Test
    void withoutTheVendorsCapabilityAnExtraFieldIsUnsupportedBeforeAnyNativeCall() {
        DirectVerbs openerOnly = new DirectVerbs() {
            @Override
            public MemorySegment openDevice(DeviceOpening opening) {
                return new StandInVendor(library).openDevice(opening);
            }
        };
        NativeContext context = open(openerOnly, Arena.global().allocate(64));
        assertThat(context.capabilities().supports(Capability.CQ_SOURCE_GID)).isFalse();
        assertThatThrownBy(() -> vendorCq(context, Set.of(ExtraCompletionField.SOURCE_GID)))
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("ibv_create_cq_ex")
                .hasMessageContaining("CQ_SOURCE_GID").hasMessageNotContaining("efadv");
        assertThatThrownBy(() -> context.unwrap(StandInVendor.DeviceView.class))
                .isInstanceOf(UnsupportedVerbException.class);
    }
}
