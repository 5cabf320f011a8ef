package org.verbs4j.provider.generic.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pure-Java invariants of the layouts that hold on every build, also where the gcc conformance check
 * cannot run: the sizes and offsets of the hot structures as rdma-core's {@code infiniband/verbs.h} lays
 * them out on x86_64 and aarch64 (alike in rdma-core 44, 56.1 and 65), which that check confirms where it runs.
 */
class AbiTest {

    private final Abi x86 = Abi.of(Abi.Arch.X86_64);
    private final Abi arm = Abi.of(Abi.Arch.AARCH64);

    @Test
    void extendedCqMatchesTheReferenceOnBothArchitectures() {
        assertThat(x86.ibvCqEx.byteSize()).isEqualTo(288);
        assertThat(Abi.offset(x86.ibvCqEx, "status")).isEqualTo(132);
        assertThat(Abi.offset(x86.ibvCqEx, "wr_id")).isEqualTo(136);
        assertThat(Abi.offset(x86.ibvCqEx, "read_completion_wallclock_ns")).isEqualTo(280);
        assertThat(arm.ibvCqEx.byteSize()).isEqualTo(296);
        assertThat(Abi.offset(arm.ibvCqEx, "status")).isEqualTo(140);
        assertThat(Abi.offset(arm.ibvCqEx, "start_poll")).isEqualTo(152);
    }

    @Test
    void contextAndQpExDifferOnlyByTheMutex() {
        assertThat(Abi.offset(x86.ibvContext, "abi_compat")).isEqualTo(320);
        assertThat(Abi.offset(arm.ibvContext, "abi_compat")).isEqualTo(328);
        assertThat(Abi.offset(x86.ibvContext, "ops", "post_recv")).isEqualTo(216);
        assertThat(Abi.offset(x86.ibvQpEx, "wr_flush")).isEqualTo(352);
        assertThat(Abi.offset(arm.ibvQpEx, "wr_flush")).isEqualTo(360);
        assertThat(Abi.offset(x86.ibvQpEx, "qp_base", "qp_num")).isEqualTo(52);
    }

    @Test
    void gidUnionsAreEightByteAligned() {
        assertThat(x86.ibvQpAttr.byteSize()).isEqualTo(144);
        assertThat(x86.ibvAhAttr.byteAlignment()).isEqualTo(8);
        assertThat(x86.ibvGidEntry.byteSize()).isEqualTo(32);
    }

    @Test
    void theCurrentArchitectureIsSupported() {
        assertThat(Abi.current()).isIn(x86, arm);
    }

    @Test
    void theReleaseComesFromTheMappedLibraryName() {
        assertThat(RdmaCoreVersion.parse(List.of(
                "7f00-7f10 r-xp 00000000 08:01 123 /usr/lib/x86_64-linux-gnu/libibverbs.so.1.14.56.1")))
                .isEqualTo(56);
        assertThat(RdmaCoreVersion.parse(List.of("7f00-7f10 r-xp 0 0 0 /usr/lib/libc.so.6"))).isZero();
    }

    @Test
    void xrcAndParentDomainStructsAreTheReferenceOnes() {
        assertThat(x86.ibvXrcdInitAttr.byteSize()).isEqualTo(12);
        assertThat(Abi.offset(x86.ibvXrcdInitAttr, "oflags")).isEqualTo(8);
        assertThat(x86.ibvParentDomainInitAttr.byteSize()).isEqualTo(48);
        assertThat(Abi.offset(arm.ibvParentDomainInitAttr, "pd_context")).isEqualTo(40);
        assertThat(Abi.offset(x86.ibvCqInitAttrEx, "parent_domain")).isEqualTo(48);
        assertThat(Abi.offset(x86.ibvSrqInitAttrEx, "xrcd")).isEqualTo(40);
        assertThat(Abi.offset(x86.ibvQpInitAttrEx, "xrcd")).isEqualTo(72);
    }

    @Test
    void rssStructsAreTheReferenceOnes() {
        assertThat(x86.ibvWqInitAttr.byteSize()).isEqualTo(48);
        assertThat(Abi.offset(x86.ibvWqInitAttr, "cq")).isEqualTo(32);
        assertThat(Abi.offset(x86.ibvWq, "wq_num")).isEqualTo(32);
        assertThat(Abi.offset(x86.ibvWq, "post_recv")).isEqualTo(48);
        assertThat(Abi.offset(arm.ibvWq, "events_completed")).isEqualTo(Abi.offset(x86.ibvWq, "events_completed") + 8);
        assertThat(x86.ibvWqAttr.byteSize()).isEqualTo(20);
        assertThat(Abi.offset(x86.ibvRwqIndTableInitAttr, "ind_tbl")).isEqualTo(8);
        assertThat(x86.ibvRwqIndTableInitAttr.byteSize()).isEqualTo(24);
        assertThat(Abi.offset(x86.ibvRwqIndTable, "ind_tbl_num")).isEqualTo(12);
        assertThat(Abi.offset(x86.ibvQpInitAttrEx, "rwq_ind_tbl")).isEqualTo(88);
        assertThat(Abi.offset(x86.ibvQpInitAttrEx, "rx_hash_conf")).isEqualTo(96);
        assertThat(Abi.offset(x86.ibvQpInitAttrEx, "rx_hash_conf", "rx_hash_key")).isEqualTo(104);
        assertThat(Abi.offset(x86.ibvQpInitAttrEx, "rx_hash_conf", "rx_hash_fields_mask")).isEqualTo(112);
    }

    @Test
    void contextOpDistancesAreTheReferenceOnes() {
        assertThat(VerbsContextOp.ALLOC_PARENT_DOMAIN.distance()).isEqualTo(208);
        assertThat(VerbsContextOp.GET_SRQ_NUM.distance()).isEqualTo(48);
        assertThat(VerbsContextOp.OPEN_XRCD.distance()).isEqualTo(32);
        assertThat(VerbsContextOp.CLOSE_XRCD.distance()).isEqualTo(24);
        assertThat(VerbsContextOp.CREATE_CQ_EX.distance()).isEqualTo(120);
        assertThat(VerbsContextOp.CREATE_WQ.distance()).isEqualTo(136);
        assertThat(VerbsContextOp.MODIFY_WQ.distance()).isEqualTo(144);
        assertThat(VerbsContextOp.DESTROY_WQ.distance()).isEqualTo(152);
        assertThat(VerbsContextOp.CREATE_RWQ_IND_TABLE.distance()).isEqualTo(160);
        assertThat(VerbsContextOp.DESTROY_RWQ_IND_TABLE.distance()).isEqualTo(168);
        assertThat(VerbsContextOp.CREATE_CQ_EX.distance() + x86.ibvContext.byteSize()).isEqualTo(448);
    }
}
