package org.verbs4j.spi;

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
import java.util.StringJoiner;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpState;
import org.verbs4j.QpType;

/**
 * The attributes each queue pair state transition requires and allows, per transport type: the table of
 * {@code ibv_modify_qp(3)} as the kernel enforces it ({@code ib_modify_qp_is_ok}). A provider that emulates
 * the state machine checks a modify against it; a provider whose library refused a modify uses it to say
 * which attributes were missing or not allowed. Messages name each attribute by its C mask bit and its Java
 * setter ({@link QpAttrMask#describe()}).
 */
public final class QpTransitionRules {

    /** The attributes of one transition for one transport type. */
    private record Rule(Set<QpAttrMask> required, Set<QpAttrMask> optional) {
    }

    private static final Map<QpState, Map<QpState, Map<QpType, Rule>>> TABLE = table();

    private QpTransitionRules() {
    }

    /**
     * @param type the transport type of the queue pair
     * @return whether the table has rules for {@code type} (UD, UC, RC and the XRC types)
     */
    public static boolean covers(QpType type) {
        return TABLE.get(QpState.RESET).get(QpState.INIT).containsKey(type);
    }

    /**
     * Checks a modify against the table.
     *
     * @param type the transport type of the queue pair
     * @param current the state the queue pair is in
     * @param mask the attribute mask of the modify
     * @param requested the requested state; used only if {@code mask} has {@link QpAttrMask#STATE}
     * @return {@code null} if the table allows the modify, otherwise why not: {@code "no such transition"},
     *     {@code "missing required [...]"} or {@code "not allowed [...]"}, to follow {@link #describe}
     */
    public static String check(QpType type, QpState current, Set<QpAttrMask> mask, QpState requested) {
        QpState next = target(current, mask, requested);
        Map<QpType, Rule> rules = TABLE.getOrDefault(current, Map.of()).get(next);
        if (rules == null) {
            return "no such transition";
        }
        Rule rule = rules.get(type);
        if (rule == null) {
            return "no such transition for " + type;
        }
        return checkAttributes(rule, mask);
    }

    /**
     * Names a modify in the terms of {@code ibv_modify_qp(3)}, for a message.
     *
     * @param type the transport type of the queue pair
     * @param current the state the queue pair is in
     * @param mask the attribute mask of the modify
     * @param requested the requested state; used only if {@code mask} has {@link QpAttrMask#STATE}
     * @return for example {@code "RC INIT -> RTR with mask [STATE (qpState), AV (ahAttr)]"}
     */
    public static String describe(QpType type, QpState current, Set<QpAttrMask> mask, QpState requested) {
        return type + " " + current + " -> " + target(current, mask, requested) + " with mask " + describe(mask);
    }

    /**
     * @param bits attribute mask bits
     * @return each bit with its Java setters, in bit order, for example {@code "[STATE (qpState), AV (ahAttr)]"}
     */
    public static String describe(Set<QpAttrMask> bits) {
        StringJoiner names = new StringJoiner(", ", "[", "]");
        for (QpAttrMask bit : QpAttrMask.values()) {
            if (bits.contains(bit)) {
                names.add(bit.describe());
            }
        }
        return names.toString();
    }

    private static QpState target(QpState current, Set<QpAttrMask> mask, QpState requested) {
        return mask.contains(STATE) ? requested : current;
    }

    private static String checkAttributes(Rule rule, Set<QpAttrMask> mask) {
        EnumSet<QpAttrMask> missing = EnumSet.noneOf(QpAttrMask.class);
        missing.addAll(rule.required());
        missing.removeAll(mask);
        if (!missing.isEmpty()) {
            return "missing required " + describe(missing);
        }
        EnumSet<QpAttrMask> extra = EnumSet.noneOf(QpAttrMask.class);
        extra.addAll(mask);
        extra.removeAll(rule.required());
        extra.removeAll(rule.optional());
        extra.remove(STATE);
        if (!extra.isEmpty()) {
            return "not allowed " + describe(extra);
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
