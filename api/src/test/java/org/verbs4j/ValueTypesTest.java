package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ValueTypesTest {

    @Test
    void flagsConvertBothWays() {
        long bits = Flags.toBits(EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ));
        assertThat(bits).isEqualTo(1L | 4L);
        assertThat(Flags.fromBits(AccessFlag.class, bits)).containsExactly(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ);
        assertThat(Flags.unknownBits(WcFlag.class, 0x80 | 0x1)).isEqualTo(0x80);
        assertThat(Flags.isSet(bits, AccessFlag.REMOTE_READ)).isTrue();
        assertThat(Flags.isSet(bits, AccessFlag.REMOTE_WRITE)).isFalse();
    }

    @Test
    void gidRoundTripsThroughBytesAndPrintsLikeIbvDevinfo() {
        byte[] raw = new byte[16];
        raw[0] = (byte) 0xfe;
        raw[1] = (byte) 0x80;
        raw[15] = 0x01;
        Gid gid = Gid.ofBytes(raw);
        assertThat(gid.toBytes()).isEqualTo(raw);
        assertThat(gid).hasToString("fe80:0000:0000:0000:0000:0000:0000:0001");
        assertThat(gid.isZero()).isFalse();
        assertThat(Gid.ZERO.isZero()).isTrue();
        assertThatThrownBy(() -> Gid.ofBytes(new byte[4])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void qpAttributesMaskIsWhatWasSet() {
        QpAttributes attributes = new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(1)
                .qpAccessFlags(Set.of(AccessFlag.REMOTE_WRITE));
        assertThat(attributes.mask()).containsExactlyInAnyOrder(QpAttrMask.STATE, QpAttrMask.PKEY_INDEX,
                QpAttrMask.PORT, QpAttrMask.ACCESS_FLAGS);
        assertThat(attributes.qpState()).isEqualTo(QpState.INIT);
        assertThat(attributes.clear().mask()).isEmpty();
    }

    @Test
    void alternatePathAttributesShareOneMaskBit() {
        QpAttributes attributes = new QpAttributes().altPortNum(2).altTimeout(14).altPkeyIndex(0);
        assertThat(attributes.mask()).containsExactly(QpAttrMask.ALT_PATH);
    }

    @Test
    void scatterGatherListHoldsEntriesWithoutOverflowingTheTotal() {
        ScatterGatherList list = new ScatterGatherList(2).add(0x1000, -1, 7).add(0x2000, 16, 8);
        assertThat(list.size()).isEqualTo(2);
        assertThat(list.totalLength()).isEqualTo(0xffff_ffffL + 16);
        assertThat(list.lkey(1)).isEqualTo(8);
        assertThatThrownBy(() -> list.add(0, 1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> list.clear().address(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void scatterGatherListCountsEveryChange() {
        ScatterGatherList list = new ScatterGatherList(2);
        long created = list.changes();
        list.add(0x1000, 8, 7);
        long added = list.changes();
        list.address(0);
        list.size();
        assertThat(list.changes()).isEqualTo(added).isGreaterThan(created);
        assertThat(list.clear().changes()).isGreaterThan(added);
        assertThat(list.add(0x1000, 8, 7).changes()).isGreaterThan(added + 1);
    }

    @Test
    void cqCompMaskFollowsTheAttributesSet() {
        assertThat(CqInitAttributes.builder(16).build().compMask()).isEmpty();
        assertThat(CqInitAttributes.builder(16).flags(Set.of(CqCreateFlag.IGNORE_OVERRUN)).build().compMask())
                .containsExactly(CqInitAttrMask.FLAGS);
        assertThat(CqInitAttributes.builder(16).build().wcFlags()).isEqualTo(CompletionField.STANDARD);
    }

    @Test
    void qpCompMaskAlwaysHasPdAndAddsWhatWasSet() {
        QpCapabilities cap = new QpCapabilities(1, 1, 1, 1, 0);
        assertThat(QpInitAttributes.builder(QpType.RC, null, null, cap).build().compMask())
                .containsExactly(QpInitAttrMask.PD);
        assertThat(QpInitAttributes.builder(QpType.UD, null, null, cap).sendOpsFlags(Set.of(SendOpsFlag.SEND))
                .createFlags(Set.of(QpCreateFlag.SOURCE_QPN)).build().compMask())
                .containsExactlyInAnyOrder(QpInitAttrMask.PD, QpInitAttrMask.SEND_OPS_FLAGS, QpInitAttrMask.CREATE_FLAGS);
    }

    /** An XRC domain that is nothing but an object to point at. */
    private static final XrcDomain DOMAIN = new XrcDomain() {
        @Override
        public Context context() {
            return null;
        }

        @Override
        public void close() {
        }

        @Override
        public boolean isClosed() {
            return false;
        }
    };

    @Test
    void xrcQueuePairsHaveTheShapeOfRdmaCoresTests() {
        QpInitAttributes receive = QpInitAttributes.xrcRecv(DOMAIN).build();
        assertThat(receive.compMask()).as("comp_mask of XRC_RECV: XRCD only").containsExactly(QpInitAttrMask.XRCD);
        assertThat(receive.xrcDomain()).isSameAs(DOMAIN);
        assertThat(receive.qpType()).isEqualTo(QpType.XRC_RECV);
        assertThat(receive.pd()).isNull();
        assertThat(receive.sendCq()).isNull();
        assertThat(receive.recvCq()).isNull();
        QpCapabilities cap = new QpCapabilities(4, 0, 1, 0, 0);
        QpInitAttributes send = QpInitAttributes.xrcSend(null, null, cap).build();
        assertThat(send.qpType()).isEqualTo(QpType.XRC_SEND);
        assertThat(send.compMask()).containsExactly(QpInitAttrMask.PD);
        assertThat(send.cap()).isEqualTo(cap);
    }

    @Test
    void srqCompMaskOfAnXrcQueueHasItsDomainAndCq() {
        assertThat(SrqInitAttributes.xrc(null, DOMAIN, null, 8, 1).compMask())
                .containsExactlyInAnyOrder(SrqInitAttrMask.TYPE, SrqInitAttrMask.PD, SrqInitAttrMask.XRCD);
        assertThat(SrqInitAttributes.xrc(null, null, null, 8, 1).srqType()).isEqualTo(SrqType.XRC);
    }

    @Test
    void srqCompMaskOfTagMatchingQueue() {
        assertThat(SrqInitAttributes.basic(null, 8, 1).compMask())
                .containsExactlyInAnyOrder(SrqInitAttrMask.TYPE, SrqInitAttrMask.PD);
        assertThat(SrqInitAttributes.tagMatching(null, 8, 1, null, new TmCap(4, 2)).compMask())
                .containsExactlyInAnyOrder(SrqInitAttrMask.TYPE, SrqInitAttrMask.PD, SrqInitAttrMask.TM);
    }

    @Test
    void rxHashKeyIsCopiedInAndOut() {
        byte[] key = {1, 2, 3};
        RxHashConf conf = new RxHashConf(RxHashFunction.TOEPLITZ, key, Set.of(RxHashField.SRC_IPV4));
        key[0] = 9;
        assertThat(conf.key()).containsExactly(1, 2, 3);
        conf.key()[1] = 9;
        assertThat(conf.key()).containsExactly(1, 2, 3);
    }

    @Test
    void capabilitiesTellSupportedFromUnsupported() {
        Capabilities capabilities = Capabilities.of(Set.of(Capability.QP_RC, Capability.SRQ));
        assertThat(capabilities.supports(Capability.QP_RC)).isTrue();
        assertThat(capabilities.unsupported()).contains(Capability.TAG_MATCHING).doesNotContain(Capability.SRQ);
        assertThatThrownBy(() -> capabilities.require(Capability.TAG_MATCHING, "ibv_create_srq_ex"))
                .isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("ibv_create_srq_ex failed").hasMessageContaining("TAG_MATCHING");
        assertThat(Capabilities.of(Set.of()).unsupported()).hasSize(Capability.values().length);
    }

    @Test
    void unwrapGivesTheObjectOrAClearError() {
        Unwrappable object = new Unwrappable() { };
        assertThat(object.unwrap(Unwrappable.class)).isSameAs(object);
        assertThatThrownBy(() -> object.unwrap(String.class)).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("is not a java.lang.String");
    }

    @Test
    void verbsEntryPointReportsAMissingCatalog() {
        assertThatThrownBy(Verbs::catalog).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("verbs4j-spi");
    }

    @Test
    void workQueueAttributesNameWhatTheyChange() {
        WqAttributes rdy = WqAttributes.state(WqState.RDY);
        assertThat(rdy.state()).isEqualTo(WqState.RDY);
        assertThat(rdy.currentState()).isNull();
        assertThat(rdy.flagsMask()).isEmpty();
        assertThatThrownBy(() -> new WqAttributes(null, null, Set.of(WqFlag.SCATTER_FCS), Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("flagsMask");
        assertThat(WqState.fromValue(1)).isEqualTo(WqState.RDY);
        assertThat(WqState.UNKNOWN.cName()).isEqualTo("IBV_WQS_UNKNOWN");
        assertThat(WqType.RQ.cName()).isEqualTo("IBV_WQT_RQ");
        assertThat(Flags.toBits(EnumSet.of(WqFlag.CVLAN_STRIPPING, WqFlag.DELAY_DROP))).isEqualTo(5);
        assertThat(WqFlag.PCI_WRITE_END_PADDING.cName()).isEqualTo("IBV_WQ_FLAGS_PCI_WRITE_END_PADDING");
    }

    @Test
    void workQueueInitAttributesNeedTheirObjectsAndSizes() {
        ProtectionDomain pd = unusable(ProtectionDomain.class);
        CompletionQueue cq = unusable(CompletionQueue.class);
        assertThatThrownBy(() -> WqInitAttributes.rq(16, 1, null, cq)).isInstanceOf(NullPointerException.class)
                .hasMessage("pd");
        assertThatThrownBy(() -> WqInitAttributes.rq(16, 1, pd, null)).isInstanceOf(NullPointerException.class)
                .hasMessage("cq");
        assertThatThrownBy(() -> new WqInitAttributes(null, null, 16, 1, pd, cq))
                .isInstanceOf(NullPointerException.class).hasMessage("wqType");
        assertThatThrownBy(() -> WqInitAttributes.rq(0, 1, pd, cq)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxWr");
        assertThatThrownBy(() -> WqInitAttributes.rq(16, 0, pd, cq)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxSge");
        assertThat(WqInitAttributes.rq(1, 1, pd, cq).maxWr()).isEqualTo(1);
    }

    /** @return an object of {@code type} whose every method throws: for value types that only keep it */
    private static <T> T unusable(Class<T> type) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            throw new UnsupportedOperationException(method.getName());
        }));
    }

    @Test
    void anIndirectionTableHasAPowerOfTwoWorkQueues() {
        assertThat(RwqIndirectionTable.logSize(Collections.nCopies(1, null))).isZero();
        assertThat(RwqIndirectionTable.logSize(Collections.nCopies(2, null))).isEqualTo(1);
        assertThat(RwqIndirectionTable.logSize(Collections.nCopies(8, null))).isEqualTo(3);
        assertThat(RwqIndirectionTable.logSize(Collections.nCopies(64, null))).isEqualTo(6);
        for (int size : new int[] {0, 3, 6, 65}) {
            assertThatThrownBy(() -> RwqIndirectionTable.logSize(Collections.nCopies(size, null)))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("ibv_create_rwq_ind_table")
                    .hasMessageContaining("power of two").hasMessageContaining("not " + size);
        }
        assertThatThrownBy(() -> RwqIndirectionTable.logSize(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("workQueues");
    }

    @Test
    void anRssQueuePairHasATableAHashAndNoCompletionQueues() {
        RxHashConf conf = new RxHashConf(RxHashFunction.TOEPLITZ, new byte[40], Set.of(RxHashField.SRC_IPV4));
        RwqIndirectionTable table = new StubIndirectionTable();
        QpInitAttributes attributes = QpInitAttributes.rss(null, table, conf).build();
        assertThat(attributes.qpType()).isEqualTo(QpType.RAW_PACKET);
        assertThat(attributes.sendCq()).isNull();
        assertThat(attributes.recvCq()).isNull();
        assertThat(attributes.rxHashConf()).isEqualTo(conf);
        assertThat(attributes.indirectionTable()).isSameAs(table);
        assertThat(attributes.compMask()).containsExactlyInAnyOrder(QpInitAttrMask.PD, QpInitAttrMask.IND_TABLE,
                QpInitAttrMask.RX_HASH);
    }

    @Test
    void anRssQueuePairRefusesAMissingTableOrHash() {
        RxHashConf conf = new RxHashConf(RxHashFunction.TOEPLITZ, new byte[40], Set.of(RxHashField.SRC_IPV4));
        RwqIndirectionTable table = new StubIndirectionTable();
        assertThatThrownBy(() -> QpInitAttributes.rss(null, null, conf))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("indirectionTable");
        assertThatThrownBy(() -> QpInitAttributes.rss(null, table, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("rxHashConf");
    }

    /** A table that is only a value here: the attributes hold it and never call it. */
    private static final class StubIndirectionTable implements RwqIndirectionTable {
        @Override
        public int number() {
            return 7;
        }

        @Override
        public void close() {
        }

        @Override
        public boolean isClosed() {
            return false;
        }
    }
}
