package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.RxHashConf;
import org.verbs4j.RxHashField;
import org.verbs4j.RxHashFunction;

/** What the RSS binding does without a device: the table size and the RSS members of the QP attributes. */
@SuppressWarnings("restricted")
class RssBindingTest {

    @Test
    void theHashConfigurationAndTableGoIntoTheQpAttributes() {
        StructLayout l = Abi.current().ibvQpInitAttrEx;
        EnumSet<RxHashField> fields = EnumSet.of(RxHashField.SRC_IPV4, RxHashField.DST_PORT_TCP);
        byte[] key = {1, 2, 3, 4, 5};
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(l);
            MemorySegment table = call.allocate(24);
            RssConf.fill(call, attr, l, new RxHashConf(RxHashFunction.TOEPLITZ, key, fields), table);
            assertThat(attr.get(ADDRESS, Abi.offset(l, "rwq_ind_tbl"))).isEqualTo(table);
            assertThat(attr.get(JAVA_BYTE, Abi.offset(l, "rx_hash_conf", "rx_hash_function"))).isEqualTo((byte) 1);
            assertThat(attr.get(JAVA_BYTE, Abi.offset(l, "rx_hash_conf", "rx_hash_key_len"))).isEqualTo((byte) 5);
            MemorySegment nativeKey = attr.get(ADDRESS, Abi.offset(l, "rx_hash_conf", "rx_hash_key")).reinterpret(5);
            assertThat(nativeKey.toArray(JAVA_BYTE)).containsExactly(key);
            assertThat(attr.get(JAVA_LONG, Abi.offset(l, "rx_hash_conf", "rx_hash_fields_mask")))
                    .isEqualTo(Flags.toBits(fields));
        }
    }

    @Test
    void aKeyLongerThanItsLengthFieldIsRefused() {
        StructLayout l = Abi.current().ibvQpInitAttrEx;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(l);
            RxHashConf conf = new RxHashConf(RxHashFunction.TOEPLITZ, new byte[256], EnumSet.of(RxHashField.SRC_IPV4));
            assertThatThrownBy(() -> RssConf.fill(call, attr, l, conf, null))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("255");
        }
    }
}
