package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Flags;

/** Writes C {@code struct ibv_cq_init_attr_ex}, the argument of {@code ibv_create_cq_ex} and of the vendors' CQ creators. */
public final class CqAttrs {

    private CqAttrs() {
    }

    /**
     * @param abi the layouts
     * @param target a zeroed {@code struct ibv_cq_init_attr_ex}
     * @param attributes what to write; {@code cq_context} stays NULL (the Java object holds it)
     * @param channel the {@code struct ibv_comp_channel *}, or NULL
     * @param parentDomain the parent domain's {@code struct ibv_pd *}, or NULL
     */
    public static void write(Abi abi, MemorySegment target, CqInitAttributes attributes, MemorySegment channel,
            MemorySegment parentDomain) {
        StructLayout l = abi.ibvCqInitAttrEx;
        target.set(JAVA_INT, Abi.offset(l, "cqe"), attributes.cqe());
        target.set(ADDRESS, Abi.offset(l, "channel"), channel);
        target.set(JAVA_INT, Abi.offset(l, "comp_vector"), attributes.compVector());
        target.set(JAVA_LONG, Abi.offset(l, "wc_flags"), Flags.toBits("ibv_create_cq_ex", attributes.wcFlags()));
        target.set(JAVA_INT, Abi.offset(l, "comp_mask"), (int) Flags.toBits("ibv_create_cq_ex", attributes.compMask()));
        target.set(JAVA_INT, Abi.offset(l, "flags"), (int) Flags.toBits("ibv_create_cq_ex", attributes.flags()));
        target.set(ADDRESS, Abi.offset(l, "parent_domain"), parentDomain);
    }
}
