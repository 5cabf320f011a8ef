package org.verbs4j.provider.mlx5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VendorAttribute;
import org.verbs4j.VerbsException;
import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.AreaVerification;
import org.verbs4j.tck.TckArea;

/**
 * The mlx5 area of the kit: what pyverbs' {@code test_mlx5_cq} and the creation side of the first
 * {@code test_mlx5_dc} tests check, plus the binding's own rules (the vendor attributes, DC addressing refused
 * outside a batch), on the device the kit selects for the mlx5 provider ({@code verbs4j.tck.device} picks
 * one). It runs unchanged on a ConnectX; elsewhere the kit's device gate aborts it once with the provider's
 * reason.
 */
@TckArea("mlx5 direct verbs")
class Mlx5DirectVerbsAreaTest extends AreaVerification {

    private Mlx5Context mlx5;
    private ProtectionDomain pd;

    @Override
    protected VerbsProvider provider() {
        return new Mlx5Provider();
    }

    @BeforeEach
    void view() {
        mlx5 = context().unwrap(Mlx5Context.class);
        pd = protectionDomain();
    }

    @Test
    void theDeviceReportsItsMlx5Caps() {
        Mlx5DeviceAttributes caps = mlx5.deviceAttributes();

        assertThat(caps.answered(Mlx5ContextMask.CQE_COMPRESSION)).as("libmlx5 always answers this block").isTrue();
        assertThat(caps.compMask() & ~Mlx5ContextMask.knownIn(org.verbs4j.provider.mlx5.raw.Mlx5Library.system().release())).isZero();
    }

    /** test_mlx5_cq: test_cqe_size (64 and 128 create; 100 is EINVAL). */
    @Test
    void cqeSize64And128AreCreatedAndOthersRefused() {
        for (int size : new int[] {64, 128}) {
            try (CompletionQueue cq = cq(Mlx5CqOptions.DEFAULT.withCqeSize(size))) {
                assertThat(cq.isClosed()).isFalse();
            }
        }
        assertThatThrownBy(() -> cq(Mlx5CqOptions.DEFAULT.withCqeSize(100))).isInstanceOf(InvalidArgumentException.class);
    }

    /** test_mlx5_cq: test_dv_cq_compression_flags (each supported format; an unsupported one is refused). */
    @Test
    void eachSupportedCompressionFormatIsCreatedAndOthersRefused() {
        Mlx5DeviceAttributes caps = mlx5.deviceAttributes();
        assumeTrue(caps.cqeCompMaxNum() > 0, "the device has no CQE compression");
        for (Mlx5CqeFormat format : Mlx5CqeFormat.values()) {
            Mlx5CqOptions options = Mlx5CqOptions.DEFAULT.withCompression(format);
            if (caps.supportsCompression(format)) {
                cq(options).close();
            } else {
                assertThatThrownBy(() -> cq(options)).isInstanceOf(UnsupportedVerbException.class);
            }
        }
    }

    /** test_mlx5_cq: test_dv_cq_padding and test_dv_cq_padding_not_aligned_cqe_size. */
    @Test
    void paddingNeeds128ByteCqes() {
        assumeTrue(mlx5.deviceAttributes().has(Mlx5ContextFlag.CQE_128B_PAD), "the device has no CQE padding");

        cq(Mlx5CqOptions.DEFAULT.withCqeSize(128).withPadding()).close();
        assertThatThrownBy(() -> cq(Mlx5CqOptions.DEFAULT.withCqeSize(64).withPadding()))
                .isInstanceOf(InvalidArgumentException.class);
    }

    /** test_mlx5_cq: test_scatter_to_cqe_control_by_qp (both flags are EINVAL; each alone creates). */
    @Test
    void scatterToCqeFlagsAreCheckedByLibmlx5() {
        try (CompletionQueue cq = cq(Mlx5CqOptions.DEFAULT)) {
            QpInitAttributes rc = QpInitAttributes.builder(QpType.RC, pd, cq, new QpCapabilities(8, 8, 1, 1, 0))
                    .sendOpsFlags(Set.of(SendOpsFlag.SEND)).build();
            for (Mlx5QpCreateFlag flag : Set.of(Mlx5QpCreateFlag.DISABLE_SCATTER_TO_CQE,
                    Mlx5QpCreateFlag.ALLOW_SCATTER_TO_CQE)) {
                mlx5.createQueuePair(rc, Mlx5QpOptions.NONE.withCreateFlags(Set.of(flag))).close();
            }
            assertThatThrownBy(() -> mlx5.createQueuePair(rc, Mlx5QpOptions.NONE.withCreateFlags(
                    Set.of(Mlx5QpCreateFlag.DISABLE_SCATTER_TO_CQE, Mlx5QpCreateFlag.ALLOW_SCATTER_TO_CQE))))
                    .isInstanceOf(InvalidArgumentException.class);
        }
    }

    /** test_mlx5_dc (creation side): a DCT on an SRQ, a DCI with SEND, RDMA and atomics, its DC view. */
    @Test
    void aDctAndADciAreCreatedAndOnlyTheDciAddressesRequests() {
        try (CompletionQueue cq = cq(Mlx5CqOptions.DEFAULT);
                SharedReceiveQueue srq = context().createSharedReceiveQueue(SrqInitAttributes.basic(pd, 64, 1))) {
            QpInitAttributes dctAttributes = QpInitAttributes.builder(QpType.DRIVER, pd, cq,
                    new QpCapabilities(0, 0, 0, 0, 0)).srq(srq).build();
            QpInitAttributes dciAttributes = QpInitAttributes.builder(QpType.DRIVER, pd, cq,
                    new QpCapabilities(64, 0, 1, 0, 0)).sendOpsFlags(Set.of(SendOpsFlag.SEND,
                    SendOpsFlag.RDMA_WRITE, SendOpsFlag.RDMA_READ)).build();
            try (QueuePair dct = mlx5.createQueuePair(dctAttributes, Mlx5QpOptions.dct(0xcafe));
                    QueuePair dci = mlx5.createQueuePair(dciAttributes, Mlx5QpOptions.dci())) {
                assertThat(dci.unwrap(Mlx5DcSendOps.class).queuePair()).isSameAs(dci);
                assertThatThrownBy(() -> dct.unwrap(Mlx5DcSendOps.class).setDcAddr(null, 1, 1))
                        .isInstanceOf(InvalidArgumentException.class);
            }
            assertThatThrownBy(() -> mlx5.createQueuePair(dciAttributes, Mlx5QpOptions.dct(1)))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("a DCT takes no send ops");
        }
    }

    /** The binding's rule: libmlx5 writes a DC address into the current request unchecked, so none is taken outside a batch. */
    @Test
    void aDcAddressOutsideABatchIsRefusedBeforeLibmlx5() {
        try (CompletionQueue cq = cq(Mlx5CqOptions.DEFAULT)) {
            QpInitAttributes dciAttributes = QpInitAttributes.builder(QpType.DRIVER, pd, cq,
                    new QpCapabilities(64, 0, 1, 0, 0)).sendOpsFlags(Set.of(SendOpsFlag.SEND)).build();
            try (QueuePair dci = mlx5.createQueuePair(dciAttributes, Mlx5QpOptions.dci())) {
                Mlx5DcSendOps dc = dci.unwrap(Mlx5DcSendOps.class);

                assertThatThrownBy(() -> dc.setDcAddr(null, 1, 1)).isInstanceOf(InvalidArgumentException.class)
                        .hasMessageContaining("no request");
                dc.start();
                assertThatThrownBy(() -> dc.setDcAddr(null, 1, 1)).isInstanceOf(InvalidArgumentException.class)
                        .hasMessageContaining("no request");
                dc.abort();
            }
        }
    }

    /** The mlx5 caps as the context's vendor attributes, which verbs4j devices prints. */
    @Test
    void theContextReportsTheMlx5CapsAsVendorAttributes() {
        assertThat(context().vendorAttributes()).extracting(VendorAttribute::name)
                .startsWith("version", "flags", "comp_mask");
        assertThat(context().vendorAttributes()).extracting(VendorAttribute::source)
                .containsOnly("mlx5dv_query_device");
    }

    /** test_mlx5_dc: test_dc_rdma_write_stream's creation (streams within the caps; beyond them refused). */
    @Test
    void dciStreamsWithinTheCapsAreCreated() {
        Mlx5DeviceAttributes caps = mlx5.deviceAttributes();
        assumeTrue(caps.hasDciStreams(), "the device has no DCI streams");
        try (CompletionQueue cq = cq(Mlx5CqOptions.DEFAULT)) {
            QpInitAttributes dci = QpInitAttributes.builder(QpType.DRIVER, pd, cq, new QpCapabilities(64, 0, 1, 0, 0))
                    .sendOpsFlags(Set.of(SendOpsFlag.RDMA_WRITE)).build();
            mlx5.createQueuePair(dci, Mlx5QpOptions.dci().withStreams(caps.dciMaxLogConcurrent(),
                    caps.dciMaxLogErrored())).close();
            assertThatThrownBy(() -> mlx5.createQueuePair(dci, Mlx5QpOptions.dci().withStreams(
                    caps.dciMaxLogConcurrent() + 1, caps.dciMaxLogErrored()))).isInstanceOf(VerbsException.class);
        }
    }

    /** test_mlx5_timestamp's conversion: the clock info converts its own last cycles to its nanoseconds. */
    @Test
    void theClockConvertsItsLastCyclesToItsNanoseconds() {
        Mlx5ClockInfo clock = mlx5.clockInfo();

        assertThat(clock.tsToNs(clock.lastCycles())).isEqualTo(clock.nsec() + (clock.frac() >>> clock.shift()));
    }

    private CompletionQueue cq(Mlx5CqOptions options) {
        return mlx5.createCompletionQueue(CqInitAttributes.builder(64).build(), options);
    }
}
