package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.verbs4j.VendorAttribute;
import org.verbs4j.provider.efa.raw.EfaAbi;
import org.verbs4j.provider.efa.raw.EfaStruct;

/**
 * Every field of {@code struct efadv_device_attr} that the loaded release fills, as the vendor attributes of
 * an EFA context: numbers in decimal, {@code device_caps} in hex with the names of its flags.
 */
final class EfaVendorAttributes {

    static final String SOURCE = "efadv_query_device";
    private static final String CAPS = "device_caps";

    private EfaVendorAttributes() {
    }

    /**
     * @param attr a filled {@code struct efadv_device_attr}
     * @param release the release of the loaded libefa
     * @return its fields in declaration order, without {@code comp_mask} and the members the release lacks
     */
    static List<VendorAttribute> read(MemorySegment attr, int release) {
        List<VendorAttribute> attributes = new ArrayList<>();
        for (EfaStruct.Member member : EfaAbi.DEVICE_ATTR.members()) {
            if (member.since() <= release && !member.name().equals("comp_mask")) {
                attributes.add(new VendorAttribute(SOURCE, member.name(), value(attr, member)));
            }
        }
        return attributes;
    }

    private static String value(MemorySegment attr, EfaStruct.Member member) {
        long value = member.size() == 2 ? Short.toUnsignedLong(attr.get(JAVA_SHORT, member.offset()))
                : Integer.toUnsignedLong(attr.get(JAVA_INT, member.offset()));
        return member.name().equals(CAPS) ? caps(value) : Long.toString(value);
    }

    /**
     * @param bits {@code device_caps}
     * @return for example {@code "0x5 (RDMA_READ, CQ_WITH_SGID)"}, with the bits this binding does not know
     */
    static String caps(long bits) {
        String names = EfaDeviceCap.decode(bits).stream().map(Enum::name).collect(Collectors.joining(", "));
        long unknown = bits & ~EfaDeviceCap.bits(EfaDeviceCap.decode(bits));
        return "0x" + Long.toHexString(bits) + " (" + (names.isEmpty() ? "none" : names) + ")"
                + (unknown == 0 ? "" : ", unknown bits 0x" + Long.toHexString(unknown));
    }
}
