package org.verbs4j.provider.generic.objects;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.Errno;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.VerbsException;

/** The message of a refused ibv_modify_qp; {@code RealDeviceTest} gets one from the kernel of the rxe VM. */
class RefusedModifyTest {

    private static final Set<QpAttrMask> RTR_WITHOUT_PATH = EnumSet.of(QpAttrMask.STATE, QpAttrMask.AV,
            QpAttrMask.DEST_QPN, QpAttrMask.RQ_PSN, QpAttrMask.MAX_DEST_RD_ATOMIC, QpAttrMask.MIN_RNR_TIMER);

    @Test
    void einvalNamesTheTransitionTheMaskAndTheMissingAttributes() {
        VerbsException refused = RefusedModify.of(Errno.EINVAL.code(), QpType.RC, QpState.INIT, RTR_WITHOUT_PATH,
                QpState.RTR);
        assertThat(refused).isInstanceOf(InvalidArgumentException.class).hasMessageEndingWith(
                ": RC INIT -> RTR with mask [STATE (qpState), AV (ahAttr), RQ_PSN (rqPsn), MIN_RNR_TIMER (minRnrTimer),"
                        + " MAX_DEST_RD_ATOMIC (maxDestRdAtomic), DEST_QPN (destQpNum)]"
                        + ": missing required [PATH_MTU (pathMtu)]");
    }

    @Test
    void einvalForAMaskTheTableAllowsBlamesAValue() {
        Set<QpAttrMask> mask = EnumSet.copyOf(RTR_WITHOUT_PATH);
        mask.add(QpAttrMask.PATH_MTU);
        assertThat(RefusedModify.of(Errno.EINVAL.code(), QpType.RC, QpState.INIT, mask, QpState.RTR))
                .hasMessageEndingWith("the mask fits the table of ibv_modify_qp(3), so the driver refused a value");
    }

    @Test
    void anotherErrnoNamesTheModifyWithoutJudgingTheMask() {
        VerbsException refused = RefusedModify.of(Errno.EBUSY.code(), QpType.UD, QpState.RTS,
                Set.of(QpAttrMask.STATE), QpState.SQD);
        assertThat(refused).isInstanceOf(BusyException.class)
                .hasMessageEndingWith(": UD RTS -> SQD with mask [STATE (qpState)]");
    }

    @Test
    void aTypeOutsideTheTableIsNotJudged() {
        assertThat(RefusedModify.of(Errno.EINVAL.code(), QpType.RAW_PACKET, QpState.RESET,
                Set.of(QpAttrMask.STATE), QpState.INIT))
                .hasMessageEndingWith(": RAW_PACKET RESET -> INIT with mask [STATE (qpState)]");
    }
}
