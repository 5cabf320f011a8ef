package org.verbs4j.provider.soft;

import static org.verbs4j.QpAttrMask.ACCESS_FLAGS;
import static org.verbs4j.QpAttrMask.ALT_PATH;
import static org.verbs4j.QpAttrMask.AV;
import static org.verbs4j.QpAttrMask.CUR_STATE;
import static org.verbs4j.QpAttrMask.DEST_QPN;
import static org.verbs4j.QpAttrMask.EN_SQD_ASYNC_NOTIFY;
import static org.verbs4j.QpAttrMask.MAX_DEST_RD_ATOMIC;
import static org.verbs4j.QpAttrMask.MAX_QP_RD_ATOMIC;
import static org.verbs4j.QpAttrMask.MIN_RNR_TIMER;
import static org.verbs4j.QpAttrMask.PATH_MIG_STATE;
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

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpState;
import org.verbs4j.QpType;

/**
 * The queue pair state machine as the kernel enforces it ({@code ib_modify_qp_is_ok}): which transitions
 * exist, and which attributes each one requires and allows, per transport type.
 */
final class QpStateMachine {

    /** The attributes of one transition for one transport type. */
    private record Rule(Set<QpAttrMask> required, Set<QpAttrMask> optional) {
    }

    private static final Map<QpState, Map<QpState, Map<QpType, Rule>>> TABLE = table();

    private QpStateMachine() {
    }

    /**
     * @return {@code null} if the modify is valid, otherwise why not
     */
    static String check(QpType type, QpState current, Set<QpAttrMask> mask, QpState requested) {
        QpState next = mask.contains(STATE) ? requested : current;
        Map<QpState, Map<QpType, Rule>> from = TABLE.get(current);
        Map<QpType, Rule> rules = from == null ? null : from.get(next);
        if (rules == null) {
            return "the transition " + current + " -> " + next + " is not valid";
        }
        Rule rule = rules.get(type);
        if (rule == null) {
            return "the transition " + current + " -> " + next + " is not valid for " + type;
        }
        EnumSet<QpAttrMask> missing = EnumSet.noneOf(QpAttrMask.class);
        missing.addAll(rule.required());
        missing.removeAll(mask);
        if (!missing.isEmpty()) {
            return "the transition " + current + " -> " + next + " of " + type + " requires " + missing;
        }
        EnumSet<QpAttrMask> extra = EnumSet.noneOf(QpAttrMask.class);
        extra.addAll(mask);
        extra.removeAll(rule.required());
        extra.removeAll(rule.optional());
        extra.remove(STATE);
        if (!extra.isEmpty()) {
            return "the transition " + current + " -> " + next + " of " + type + " does not allow " + extra;
        }
        return null;
    }

    private static Map<QpState, Map<QpState, Map<QpType, Rule>>> table() {
        Map<QpState, Map<QpState, Map<QpType, Rule>>> table = new EnumMap<>(QpState.class);
        for (QpState state : QpState.values()) {
            if (state != QpState.UNKNOWN) {
                put(table, state, QpState.RESET, all(Set.of(), Set.of()));
                if (state != QpState.RESET) {
                    put(table, state, QpState.ERR, all(Set.of(), Set.of()));
                }
            }
        }
        put(table, QpState.RESET, QpState.INIT, rule(
                r(PKEY_INDEX, PORT, QKEY), o(),
                r(PKEY_INDEX, PORT, ACCESS_FLAGS), o(),
                r(PKEY_INDEX, PORT, ACCESS_FLAGS), o()));
        put(table, QpState.INIT, QpState.INIT, rule(
                r(), o(PKEY_INDEX, PORT, QKEY),
                r(), o(PKEY_INDEX, PORT, ACCESS_FLAGS),
                r(), o(PKEY_INDEX, PORT, ACCESS_FLAGS)));
        put(table, QpState.INIT, QpState.RTR, rule(
                r(), o(PKEY_INDEX, QKEY),
                r(AV, PATH_MTU, DEST_QPN, RQ_PSN), o(ALT_PATH, ACCESS_FLAGS, PKEY_INDEX),
                r(AV, PATH_MTU, DEST_QPN, RQ_PSN, MAX_DEST_RD_ATOMIC, MIN_RNR_TIMER),
                o(ALT_PATH, ACCESS_FLAGS, PKEY_INDEX)));
        put(table, QpState.RTR, QpState.RTS, rule(
                r(SQ_PSN), o(CUR_STATE, QKEY),
                r(SQ_PSN), o(CUR_STATE, ALT_PATH, ACCESS_FLAGS, PATH_MIG_STATE),
                r(SQ_PSN, TIMEOUT, RETRY_CNT, RNR_RETRY, MAX_QP_RD_ATOMIC),
                o(CUR_STATE, ALT_PATH, ACCESS_FLAGS, MIN_RNR_TIMER, PATH_MIG_STATE)));
        Rule rtsLike = rule(
                r(), o(CUR_STATE, QKEY),
                r(), o(CUR_STATE, ACCESS_FLAGS, ALT_PATH, PATH_MIG_STATE),
                r(), o(CUR_STATE, ACCESS_FLAGS, ALT_PATH, PATH_MIG_STATE, MIN_RNR_TIMER)).get(QpType.RC);
        put(table, QpState.RTS, QpState.RTS, rule(
                r(), o(CUR_STATE, QKEY),
                r(), o(CUR_STATE, ACCESS_FLAGS, ALT_PATH, PATH_MIG_STATE),
                rtsLike.required(), rtsLike.optional()));
        put(table, QpState.RTS, QpState.SQD, all(Set.of(), o(EN_SQD_ASYNC_NOTIFY)));
        put(table, QpState.SQD, QpState.RTS, rule(
                r(), o(CUR_STATE, QKEY),
                r(), o(CUR_STATE, ALT_PATH, ACCESS_FLAGS, PATH_MIG_STATE),
                rtsLike.required(), rtsLike.optional()));
        put(table, QpState.SQD, QpState.SQD, rule(
                r(), o(PKEY_INDEX, QKEY),
                r(), o(AV, ALT_PATH, ACCESS_FLAGS, PKEY_INDEX, PATH_MIG_STATE),
                r(), o(PORT, AV, TIMEOUT, RETRY_CNT, RNR_RETRY, MAX_QP_RD_ATOMIC, MAX_DEST_RD_ATOMIC, ALT_PATH,
                        ACCESS_FLAGS, PKEY_INDEX, MIN_RNR_TIMER, PATH_MIG_STATE)));
        addXrc(table);
        Map<QpType, Rule> sqeToRts = new EnumMap<>(QpType.class);
        sqeToRts.put(QpType.UD, new Rule(r(), o(CUR_STATE, QKEY)));
        sqeToRts.put(QpType.UC, new Rule(r(), o(CUR_STATE, ACCESS_FLAGS)));
        table.get(QpState.SQE).put(QpState.RTS, sqeToRts);
        return table;
    }

    /** The XRC_SEND (XRC_INI) and XRC_RECV (XRC_TGT) columns of the kernel's table. */
    private static void addXrc(Map<QpState, Map<QpState, Map<QpType, Rule>>> table) {
        xrc(table, QpState.RESET, QpState.INIT, new Rule(r(PKEY_INDEX, PORT, ACCESS_FLAGS), o()),
                new Rule(r(PKEY_INDEX, PORT, ACCESS_FLAGS), o()));
        xrc(table, QpState.INIT, QpState.INIT, new Rule(r(), o(PKEY_INDEX, PORT, ACCESS_FLAGS)),
                new Rule(r(), o(PKEY_INDEX, PORT, ACCESS_FLAGS)));
        xrc(table, QpState.INIT, QpState.RTR,
                new Rule(r(AV, PATH_MTU, DEST_QPN, RQ_PSN), o(ALT_PATH, ACCESS_FLAGS, PKEY_INDEX)),
                new Rule(r(AV, PATH_MTU, DEST_QPN, RQ_PSN, MAX_DEST_RD_ATOMIC, MIN_RNR_TIMER),
                        o(ALT_PATH, ACCESS_FLAGS, PKEY_INDEX)));
        xrc(table, QpState.RTR, QpState.RTS,
                new Rule(r(TIMEOUT, RETRY_CNT, RNR_RETRY, SQ_PSN, MAX_QP_RD_ATOMIC),
                        o(CUR_STATE, ALT_PATH, ACCESS_FLAGS, PATH_MIG_STATE)),
                new Rule(r(TIMEOUT, SQ_PSN), o(CUR_STATE, ALT_PATH, ACCESS_FLAGS, MIN_RNR_TIMER, PATH_MIG_STATE)));
        Rule sendRts = new Rule(r(), o(CUR_STATE, ACCESS_FLAGS, ALT_PATH, PATH_MIG_STATE));
        Rule recvRts = new Rule(r(), o(CUR_STATE, ACCESS_FLAGS, ALT_PATH, PATH_MIG_STATE, MIN_RNR_TIMER));
        xrc(table, QpState.RTS, QpState.RTS, sendRts, recvRts);
        xrc(table, QpState.SQD, QpState.RTS, sendRts, recvRts);
        xrc(table, QpState.RTS, QpState.SQD, new Rule(r(), o(EN_SQD_ASYNC_NOTIFY)),
                new Rule(r(), o(EN_SQD_ASYNC_NOTIFY)));
        xrc(table, QpState.SQD, QpState.SQD,
                new Rule(r(), o(PORT, AV, TIMEOUT, RETRY_CNT, RNR_RETRY, MAX_QP_RD_ATOMIC, ALT_PATH, ACCESS_FLAGS,
                        PKEY_INDEX, PATH_MIG_STATE)),
                new Rule(r(), o(PORT, AV, TIMEOUT, MAX_DEST_RD_ATOMIC, ALT_PATH, ACCESS_FLAGS, PKEY_INDEX,
                        MIN_RNR_TIMER, PATH_MIG_STATE)));
    }

    private static void xrc(Map<QpState, Map<QpState, Map<QpType, Rule>>> table, QpState from, QpState to,
                            Rule send, Rule receive) {
        Map<QpType, Rule> rules = table.get(from).get(to);
        rules.put(QpType.XRC_SEND, send);
        rules.put(QpType.XRC_RECV, receive);
    }

    private static void put(Map<QpState, Map<QpState, Map<QpType, Rule>>> table, QpState from, QpState to,
                            Map<QpType, Rule> rules) {
        table.computeIfAbsent(from, key -> new EnumMap<>(QpState.class)).put(to, rules);
    }

    private static Map<QpType, Rule> all(Set<QpAttrMask> required, Set<QpAttrMask> optional) {
        Map<QpType, Rule> rules = new EnumMap<>(QpType.class);
        for (QpType type : EnumSet.of(QpType.UD, QpType.UC, QpType.RC, QpType.XRC_SEND, QpType.XRC_RECV)) {
            rules.put(type, new Rule(required, optional));
        }
        return rules;
    }

    private static Map<QpType, Rule> rule(Set<QpAttrMask> udRequired, Set<QpAttrMask> udOptional,
                                          Set<QpAttrMask> ucRequired, Set<QpAttrMask> ucOptional,
                                          Set<QpAttrMask> rcRequired, Set<QpAttrMask> rcOptional) {
        Map<QpType, Rule> rules = new EnumMap<>(QpType.class);
        rules.put(QpType.UD, new Rule(udRequired, udOptional));
        rules.put(QpType.UC, new Rule(ucRequired, ucOptional));
        rules.put(QpType.RC, new Rule(rcRequired, rcOptional));
        return rules;
    }

    private static Set<QpAttrMask> r(QpAttrMask... bits) {
        return bits.length == 0 ? Set.of() : Set.copyOf(EnumSet.of(bits[0], bits));
    }

    private static Set<QpAttrMask> o(QpAttrMask... bits) {
        return r(bits);
    }
}
