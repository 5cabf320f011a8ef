package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import org.verbs4j.AccessFlag;
import org.verbs4j.WcStatus;

/** Local memory access: resolving an SGE list against the memory regions of a domain, and copying. */
final class LocalAccess {

    private LocalAccess() {
    }

    /**
     * Resolves every entry of {@code list} to its memory.
     *
     * @param keys the fabric's key table
     * @param pd the domain the keys must belong to
     * @param write whether the memory will be written (needs {@link AccessFlag#LOCAL_WRITE})
     * @return {@link WcStatus#SUCCESS} or {@link WcStatus#LOC_PROT_ERR} (bad key, other domain, no write
     *     access, out of bounds)
     */
    static WcStatus resolve(ObjectTable<Object> keys, Sges list, SoftProtectionDomain pd, boolean write) {
        for (int i = 0; i < list.count; i++) {
            int bytes = list.length[i];
            if (bytes == 0) {
                list.segment[i] = null;
                continue;
            }
            Object owner = keys.get(MemoryKeys.index(list.lkey[i]));
            if (!(owner instanceof SoftMemoryRegion mr) || mr.lkey() != list.lkey[i] || !mr.usable()
                    || mr.softPd() != pd || (write && !mr.allows(AccessFlag.LOCAL_WRITE))
                    || !mr.covers(list.address[i], Integer.toUnsignedLong(bytes))) {
                return WcStatus.LOC_PROT_ERR;
            }
            list.segment[i] = mr.dma();
            list.offset[i] = list.address[i] - mr.address();
        }
        return WcStatus.SUCCESS;
    }

    /**
     * Copies {@code bytes} bytes from the resolved list {@code source}, starting {@code sourceStart}
     * bytes into it, to the resolved list {@code target}, starting {@code targetStart} bytes into it.
     */
    static void copy(Sges source, long sourceStart, Sges target, long targetStart, long bytes) {
        int si = 0;
        long so = sourceStart;
        int ti = 0;
        long to = targetStart;
        long left = bytes;
        while (left > 0) {
            while (si < source.count && so >= Integer.toUnsignedLong(source.length[si])) {
                so -= Integer.toUnsignedLong(source.length[si]);
                si++;
            }
            while (ti < target.count && to >= Integer.toUnsignedLong(target.length[ti])) {
                to -= Integer.toUnsignedLong(target.length[ti]);
                ti++;
            }
            if (si == source.count || ti == target.count) {
                return;
            }
            long chunk = Math.min(left, Math.min(Integer.toUnsignedLong(source.length[si]) - so,
                    Integer.toUnsignedLong(target.length[ti]) - to));
            MemorySegment.copy(source.segment[si], source.offset[si] + so, target.segment[ti],
                    target.offset[ti] + to, chunk);
            left -= chunk;
            so += chunk;
            to += chunk;
        }
    }
}
