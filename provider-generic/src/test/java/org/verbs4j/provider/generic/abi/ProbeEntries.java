package org.verbs4j.provider.generic.abi;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.PaddingLayout;
import java.lang.foreign.StructLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.verbs4j.CConstant;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.CStruct;
import org.verbs4j.provider.generic.raw.CmAbi;
import org.verbs4j.provider.generic.raw.VerbsContextOp;

/** Every {@link ProbeEntry} of one architecture: the binding's layouts, context-op distances and C constants. */
final class ProbeEntries {

    /** Layouts that declare only the prefix of their C struct, so that the total size is not compared. */
    private static final List<String> PREFIX_ONLY = List.of("ibv_device");

    /**
     * C constants of the api that some supported rdma-core release lacks, with the release whose headers first
     * have them ({@code infiniband/verbs.h} of v45 for the flush constants, {@code infiniband/efadv.h} of v52
     * for the unsolicited completion, {@code rdma/rdma_cma.h} of v61 for the
     * address-information and user CM events, {@code infiniband/verbs.h} of v58 for the ODP flush and
     * atomic-write capabilities).
     */
    static final Map<String, Integer> CONSTANT_SINCE = Map.ofEntries(
            Map.entry("IBV_WC_FLUSH", 45), Map.entry("IBV_WR_FLUSH", 45), Map.entry("IBV_QP_EX_WITH_FLUSH", 45),
            Map.entry("IBV_ACCESS_FLUSH_GLOBAL", 45), Map.entry("IBV_ACCESS_FLUSH_PERSISTENT", 45),
            Map.entry("IBV_FLUSH_GLOBAL", 45), Map.entry("IBV_FLUSH_PERSISTENT", 45),
            Map.entry("IBV_FLUSH_RANGE", 45), Map.entry("IBV_FLUSH_MR", 45),
            Map.entry("EFADV_WC_EX_WITH_IS_UNSOLICITED", 52),
            Map.entry("RDMA_CM_EVENT_ADDRINFO_RESOLVED", 61), Map.entry("RDMA_CM_EVENT_ADDRINFO_ERROR", 61),
            Map.entry("RDMA_CM_EVENT_USER", 61), Map.entry("IBV_ODP_SUPPORT_FLUSH", 58),
            Map.entry("IBV_ODP_SUPPORT_ATOMIC_WRITE", 58));

    private ProbeEntries() {
    }

    static List<ProbeEntry> of(Abi abi, List<CConstant> constants) {
        List<ProbeEntry> entries = new ArrayList<>();
        for (StructLayout struct : abi.structs()) {
            addStruct(entries, struct);
        }
        for (StructLayout struct : CmAbi.structs(abi)) {
            addStruct(entries, struct);
        }
        for (VerbsContextOp op : VerbsContextOp.values()) {
            entries.add(new ProbeEntry("distance verbs_context." + op.member(),
                    "offsetof(struct verbs_context, context) - offsetof(struct verbs_context, " + op.member() + ")",
                    op.distance(), 0));
        }
        for (CConstant constant : constants) {
            entries.add(new ProbeEntry("const " + constant.cName(), constant.cName(), constant.value(),
                    CONSTANT_SINCE.getOrDefault(constant.cName(), 0)));
        }
        return entries;
    }

    /** @return the size, alignment and every member's offset and size of {@code struct} */
    static List<ProbeEntry> of(StructLayout struct) {
        List<ProbeEntry> entries = new ArrayList<>();
        addStruct(entries, struct);
        return entries;
    }

    private static void addStruct(List<ProbeEntry> entries, StructLayout struct) {
        String name = struct.name().orElseThrow();
        if (!PREFIX_ONLY.contains(name)) {
            entries.add(new ProbeEntry("sizeof " + name, "sizeof(struct " + name + ")", struct.byteSize(), 0));
        }
        entries.add(new ProbeEntry("alignof " + name, "_Alignof(struct " + name + ")", struct.byteAlignment(), 0));
        addMembers(entries, name, struct, "", 0);
    }

    private static void addMembers(List<ProbeEntry> entries, String struct, GroupLayout group, String prefix,
            long base) {
        long offset = 0;
        for (MemoryLayout member : group.memberLayouts()) {
            long at = group instanceof StructLayout ? offset : 0;
            if (!(member instanceof PaddingLayout)) {
                addMember(entries, struct, member, prefix, base + at);
            }
            offset += member.byteSize();
        }
    }

    private static void addMember(List<ProbeEntry> entries, String struct, MemoryLayout member, String prefix,
            long offset) {
        if (CStruct.isAnonymous(member)) {
            addMembers(entries, struct, (GroupLayout) member, prefix, offset);
            return;
        }
        String path = prefix + member.name().orElseThrow();
        int since = Abi.SINCE.getOrDefault(struct + "." + path, 0);
        entries.add(new ProbeEntry("offsetof " + struct + "." + path,
                "offsetof(struct " + struct + ", " + path + ")", offset, since));
        entries.add(new ProbeEntry("sizeof " + struct + "." + path,
                "sizeof(((struct " + struct + " *)0)->" + path + ")", member.byteSize(), since));
        if (member instanceof GroupLayout nested) {
            addMembers(entries, struct, nested, path + ".", offset);
        }
    }
}
