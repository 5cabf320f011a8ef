package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Set;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.efa.raw.EfaAbi;
import org.verbs4j.provider.efa.raw.EfaConstant;
import org.verbs4j.provider.efa.raw.Efadv;
import org.verbs4j.provider.efa.raw.Libefa;

/** The {@code struct efadv_cq_init_attr} of a queue with EFA completion fields: newest size, unknown bytes 0. */
final class EfaCqRequest {

    private EfaCqRequest() {
    }

    /**
     * @param call the owner of the struct
     * @param fields the requested fields
     * @param libefa the loaded library, whose release must know them
     * @return the struct, {@code wc_flags} set and everything else 0
     */
    static MemorySegment write(Arena call, Set<ExtraCompletionField> fields, Libefa libefa) {
        long wcFlags = 0;
        for (ExtraCompletionField field : fields) {
            EfaConstant flag = flag(field);
            if (flag.since() > libefa.release()) {
                throw new UnsupportedVerbException("efadv_create_cq", flag + " needs rdma-core " + flag.since()
                        + "; the loaded libefa is of " + libefa.release());
            }
            wcFlags |= flag.value();
        }
        MemorySegment attr = Efadv.allocate(call, EfaAbi.CQ_INIT_ATTR);
        attr.set(JAVA_LONG, EfaAbi.CQ_INIT_ATTR.offset("wc_flags"), wcFlags);
        return attr;
    }

    static EfaConstant flag(ExtraCompletionField field) {
        return switch (field) {
            case SOURCE_GID -> EfaConstant.EFADV_WC_EX_WITH_SGID;
            case UNSOLICITED -> EfaConstant.EFADV_WC_EX_WITH_IS_UNSOLICITED;
        };
    }
}
