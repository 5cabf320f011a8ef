package org.verbs4j.provider.generic.objects;

import java.util.Set;
import org.verbs4j.Errno;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.VerbsException;
import org.verbs4j.spi.QpTransitionRules;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * The exception of an {@code ibv_modify_qp} the library refused: it names the transition and the mask, and
 * for {@code EINVAL} what the table of {@code ibv_modify_qp(3)} finds missing or not allowed.
 */
final class RefusedModify {

    private static final String VERB = "ibv_modify_qp";

    private RefusedModify() {
    }

    /**
     * @param errno what {@code ibv_modify_qp} returned, positive
     * @param type the transport type of the queue pair
     * @param current the state the queue pair was in
     * @param mask the attribute mask of the modify
     * @param requested the requested state
     * @return the exception to throw
     */
    static VerbsException of(int errno, QpType type, QpState current, Set<QpAttrMask> mask, QpState requested) {
        String modify = QpTransitionRules.describe(type, current, mask, requested);
        if (errno != Errno.EINVAL.code() || !QpTransitionRules.covers(type)) {
            return VerbsEvents.failed(VerbsException.of(VERB, errno, modify));
        }
        String reason = reason(type, current, mask, requested);
        return VerbsEvents.failed(VerbsException.of(VERB, errno, modify + ": " + reason));
    }

    private static String reason(QpType type, QpState current, Set<QpAttrMask> mask, QpState requested) {
        String problem = QpTransitionRules.check(type, current, mask, requested);
        return problem != null ? problem
                : "the mask fits the table of ibv_modify_qp(3), so the driver refused a value";
    }
}
