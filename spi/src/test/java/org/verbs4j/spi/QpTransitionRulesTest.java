package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpState;
import org.verbs4j.QpType;

class QpTransitionRulesTest {

    private static final Set<QpAttrMask> RC_INIT = EnumSet.of(QpAttrMask.STATE, QpAttrMask.PKEY_INDEX,
            QpAttrMask.PORT, QpAttrMask.ACCESS_FLAGS);

    @Test
    void theRequiredAttributesOfATransitionPass() {
        assertThat(QpTransitionRules.check(QpType.RC, QpState.RESET, RC_INIT, QpState.INIT)).isNull();
    }

    @Test
    void aMissingRequiredAttributeIsNamedWithItsSetter() {
        Set<QpAttrMask> mask = EnumSet.of(QpAttrMask.STATE, QpAttrMask.PKEY_INDEX, QpAttrMask.PORT);
        assertThat(QpTransitionRules.check(QpType.UD, QpState.RESET, mask, QpState.INIT))
                .isEqualTo("missing required [QKEY (qkey)]");
    }

    @Test
    void anAttributeTheTransitionDoesNotAllowIsNamed() {
        Set<QpAttrMask> mask = EnumSet.copyOf(RC_INIT);
        mask.add(QpAttrMask.ALT_PATH);
        assertThat(QpTransitionRules.check(QpType.RC, QpState.RESET, mask, QpState.INIT))
                .isEqualTo("not allowed [ALT_PATH (altAhAttr, altPkeyIndex, altPortNum, altTimeout)]");
    }

    @Test
    void resetToErrIsNoTransition() {
        assertThat(QpTransitionRules.check(QpType.RC, QpState.RESET, Set.of(QpAttrMask.STATE), QpState.ERR))
                .isEqualTo("no such transition");
    }

    @Test
    void sqeToRtsExistsForUdAndUcOnly() {
        Set<QpAttrMask> mask = Set.of(QpAttrMask.STATE);
        assertThat(QpTransitionRules.check(QpType.UC, QpState.SQE, mask, QpState.RTS)).isNull();
        assertThat(QpTransitionRules.check(QpType.RC, QpState.SQE, mask, QpState.RTS))
                .isEqualTo("no such transition for RC");
    }

    @Test
    void aModifyWithoutStateStaysInTheCurrentState() {
        Set<QpAttrMask> mask = Set.of(QpAttrMask.MIN_RNR_TIMER);
        assertThat(QpTransitionRules.describe(QpType.RC, QpState.RTS, mask, QpState.RESET))
                .isEqualTo("RC RTS -> RTS with mask [MIN_RNR_TIMER (minRnrTimer)]");
        assertThat(QpTransitionRules.check(QpType.RC, QpState.RTS, mask, QpState.RESET)).isNull();
    }

    @Test
    void theTableCoversTheTypesOfTheManPage() {
        assertThat(EnumSet.allOf(QpType.class)).filteredOn(QpTransitionRules::covers)
                .containsExactlyInAnyOrder(QpType.UD, QpType.UC, QpType.RC, QpType.XRC_SEND, QpType.XRC_RECV);
    }
}
