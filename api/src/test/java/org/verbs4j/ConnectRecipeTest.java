package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.verbs4j.QpAttrMask.ACCESS_FLAGS;
import static org.verbs4j.QpAttrMask.AV;
import static org.verbs4j.QpAttrMask.DEST_QPN;
import static org.verbs4j.QpAttrMask.MAX_DEST_RD_ATOMIC;
import static org.verbs4j.QpAttrMask.MAX_QP_RD_ATOMIC;
import static org.verbs4j.QpAttrMask.MIN_RNR_TIMER;
import static org.verbs4j.QpAttrMask.PATH_MTU;
import static org.verbs4j.QpAttrMask.PKEY_INDEX;
import static org.verbs4j.QpAttrMask.PORT;
import static org.verbs4j.QpAttrMask.QKEY;
import static org.verbs4j.QpAttrMask.RETRY_CNT;
import static org.verbs4j.QpAttrMask.RNR_RETRY;
import static org.verbs4j.QpAttrMask.RQ_PSN;
import static org.verbs4j.QpAttrMask.SQ_PSN;
import static org.verbs4j.QpAttrMask.STATE;
import static org.verbs4j.QpAttrMask.TIMEOUT;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The masks and values of each transition, as {@code ibv_modify_qp(3)} lists the required attributes. */
class ConnectRecipeTest {

    private static final Gid PEER_GID = Gid.parse("fe80::1:2:3:4");
    private static final Destination PEER = new Destination(7, 0x123, 0x456, PEER_GID);
    private static final ConnectRecipe RECIPE = ConnectRecipe.pingPong(2, Mtu.MTU_2048, 3, 4)
            .withAccess(EnumSet.of(AccessFlag.REMOTE_WRITE));

    @Test
    void initSetsTheQkeyOfUdAndTheAccessFlagsOfTheOthers() {
        assertThat(RECIPE.initAttributes(QpType.UD).mask()).containsExactlyInAnyOrder(STATE, PKEY_INDEX, PORT, QKEY);
        assertThat(RECIPE.initAttributes(QpType.UD).qkey()).isEqualTo(ConnectRecipe.QKEY);
        for (QpType type : Set.of(QpType.RC, QpType.UC, QpType.XRC_SEND, QpType.XRC_RECV)) {
            QpAttributes init = RECIPE.initAttributes(type);
            assertThat(init.mask()).as(type.name()).containsExactlyInAnyOrder(STATE, PKEY_INDEX, PORT, ACCESS_FLAGS);
            assertThat(init.qpAccessFlags()).containsExactly(AccessFlag.REMOTE_WRITE);
            assertThat(init.portNum()).isEqualTo(2);
        }
    }

    @Test
    void rtrOfUdIsTheStateAlone() {
        assertThat(RECIPE.rtrAttributes(QpType.UD, PEER, 1).mask()).containsExactly(STATE);
    }

    @Test
    void rtrOfARequesterOnlySideIsThePathAndThePeer() {
        for (QpType type : Set.of(QpType.UC, QpType.XRC_SEND)) {
            QpAttributes rtr = RECIPE.rtrAttributes(type, PEER, 1);
            assertThat(rtr.mask()).as(type.name()).containsExactlyInAnyOrder(STATE, AV, PATH_MTU, DEST_QPN, RQ_PSN);
            assertThat(rtr.destQpNum()).isEqualTo(0x123);
            assertThat(rtr.rqPsn()).isEqualTo(0x456);
            assertThat(rtr.pathMtu()).isEqualTo(Mtu.MTU_2048);
        }
    }

    @Test
    void rtrOfAResponderAddsItsReadDepthAndRnrTimer() {
        for (QpType type : Set.of(QpType.RC, QpType.XRC_RECV)) {
            QpAttributes rtr = RECIPE.rtrAttributes(type, PEER, 5);
            assertThat(rtr.mask()).as(type.name()).containsExactlyInAnyOrder(STATE, AV, PATH_MTU, DEST_QPN, RQ_PSN,
                    MAX_DEST_RD_ATOMIC, MIN_RNR_TIMER);
            assertThat(rtr.maxDestRdAtomic()).isEqualTo(5);
            assertThat(rtr.minRnrTimer()).isEqualTo(12);
        }
    }

    @Test
    void rtsOfUdAndUcIsTheStateAndPsn() {
        for (QpType type : Set.of(QpType.UD, QpType.UC)) {
            QpAttributes rts = RECIPE.rtsAttributes(type, 0x789, 1);
            assertThat(rts.mask()).as(type.name()).containsExactlyInAnyOrder(STATE, SQ_PSN);
            assertThat(rts.sqPsn()).isEqualTo(0x789);
        }
    }

    @Test
    void rtsOfARequesterAddsTimeoutRetriesAndReadDepth() {
        for (QpType type : Set.of(QpType.RC, QpType.XRC_SEND)) {
            QpAttributes rts = RECIPE.withRnrRetry(3).rtsAttributes(type, 0x789, 6);
            assertThat(rts.mask()).as(type.name()).containsExactlyInAnyOrder(STATE, SQ_PSN, TIMEOUT, RETRY_CNT,
                    RNR_RETRY, MAX_QP_RD_ATOMIC);
            assertThat(rts.timeout()).isEqualTo(14);
            assertThat(rts.retryCnt()).isEqualTo(7);
            assertThat(rts.rnrRetry()).isEqualTo(3);
            assertThat(rts.maxRdAtomic()).isEqualTo(6);
        }
    }

    @Test
    void rtsOfXrcRecvAddsTheTimeoutAlone() {
        assertThat(RECIPE.rtsAttributes(QpType.XRC_RECV, 0, 1).mask()).containsExactlyInAnyOrder(STATE, SQ_PSN,
                TIMEOUT);
    }

    @Test
    void theRouteHasAGlobalHeaderOnlyWhenThePeersGidHasAnInterfaceId() {
        AhAttributes global = RECIPE.withHopLimit(64).route(PEER);
        assertThat(global.grh()).isEqualTo(new GlobalRoute(PEER_GID, 0, 4, 64, 0));
        assertThat(global.dlid()).isEqualTo(7);
        assertThat(global.sl()).isEqualTo(3);
        assertThat(global.portNum()).isEqualTo(2);
        assertThat(RECIPE.route(new Destination(7, 1, 0, Gid.ZERO)).isGlobal()).isFalse();
    }

    @Test
    void theNineValueConstructorRetriesRnrNaksWithoutLimit() {
        ConnectRecipe recipe = new ConnectRecipe(1, Mtu.MTU_1024, 0, 0, 1, Set.of(), 1, 14, 12);
        assertThat(recipe.rnrRetry()).isEqualTo(ConnectRecipe.RNR_RETRY_INFINITE);
    }

    @Test
    void aMissingMtuOrAccessIsNamed() {
        assertThatThrownBy(() -> new ConnectRecipe(1, null, 0, 0, 1, Set.of(), 1, 14, 12))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("ConnectRecipe");
    }
}
