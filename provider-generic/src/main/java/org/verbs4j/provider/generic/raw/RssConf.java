package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.RxHashConf;

/**
 * Writes the RSS members of C {@code struct ibv_qp_init_attr_ex}: {@code rwq_ind_tbl} and
 * {@code rx_hash_conf}, whose key is copied into the call's arena, which outlives the create call.
 */
public final class RssConf {

    /** The largest key {@code rx_hash_key_len} ({@code uint8_t}) can describe. */
    static final int MAX_KEY_LENGTH = 0xff;

    private RssConf() {
    }

    /**
     * @param call the arena of the create call
     * @param attr the {@code ibv_qp_init_attr_ex}
     * @param l its layout
     * @param conf the RX hash configuration, or {@code null}
     * @param table the {@code struct ibv_rwq_ind_table *}, or {@code null}
     * @throws InvalidArgumentException if the key is longer than 255 bytes
     */
    public static void fill(Arena call, MemorySegment attr, StructLayout l, RxHashConf conf, MemorySegment table) {
        attr.set(ADDRESS, Abi.offset(l, "rwq_ind_tbl"), table == null ? MemorySegment.NULL : table);
        if (conf == null) {
            return;
        }
        byte[] key = conf.key();
        if (key.length > MAX_KEY_LENGTH) {
            throw new InvalidArgumentException("ibv_create_qp_ex",
                    "the RX hash key has " + key.length + " bytes; rx_hash_key_len allows at most " + MAX_KEY_LENGTH);
        }
        MemorySegment nativeKey = key.length == 0 ? MemorySegment.NULL : call.allocateFrom(JAVA_BYTE, key);
        attr.set(JAVA_BYTE, Abi.offset(l, "rx_hash_conf", "rx_hash_function"), (byte) conf.function().value());
        attr.set(JAVA_BYTE, Abi.offset(l, "rx_hash_conf", "rx_hash_key_len"), (byte) key.length);
        attr.set(ADDRESS, Abi.offset(l, "rx_hash_conf", "rx_hash_key"), nativeKey);
        attr.set(JAVA_LONG, Abi.offset(l, "rx_hash_conf", "rx_hash_fields_mask"), Flags.toBits("ibv_create_qp_ex", conf.fields()));
    }
}
