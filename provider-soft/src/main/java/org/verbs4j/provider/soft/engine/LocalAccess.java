package org.verbs4j.provider.soft.engine;

import org.verbs4j.WcStatus;

/**
 * Local memory access: checking an SGE list against the memory regions of a domain, and copying. A checker
 * belongs to one part of the engine (the requester, the responder, ...) and is used under the fabric lock; it
 * remembers the region of the last key it looked up, because consecutive requests mostly use the same
 * buffer. That is sound because a key is never reused ({@link ObjectTable}): a key names one region for good,
 * and whether that region may still be used is checked every time.
 */
public final class LocalAccess {

    private final ObjectTable<Object> keys;
    /** The region of the last key looked up in the table that named one (kept until the next), or null. */
    private MemoryRegionView last;

    /** @param keys the fabric's key table */
    public LocalAccess(ObjectTable<Object> keys) {
        this.keys = keys;
    }

    /**
     * Checks that every entry of {@code list} lies in a usable memory region of {@code pd} named by its
     * local key.
     *
     * @param pd the domain the keys must belong to
     * @param write whether the memory will be written (needs {@link org.verbs4j.AccessFlag#LOCAL_WRITE})
     * @return {@link WcStatus#SUCCESS} or {@link WcStatus#LOC_PROT_ERR} (bad key, other domain, no write
     *     access, out of bounds)
     */
    public WcStatus check(Sges list, ProtectionDomainView pd, boolean write) {
        if (list.count == 1) {
            return grants(list, 0, pd, write) ? WcStatus.SUCCESS : WcStatus.LOC_PROT_ERR; // the common case, no loop
        }
        for (int i = 0; i < list.count; i++) {
            if (!grants(list, i, pd, write)) {
                return WcStatus.LOC_PROT_ERR;
            }
        }
        return WcStatus.SUCCESS;
    }

    /**
     * @return whether entry {@code index} of {@code list} is empty or granted; a granted entry records the
     *     memory of its region
     */
    private boolean grants(Sges list, int index, ProtectionDomainView pd, boolean write) {
        int bytes = list.length(index);
        if (bytes == 0) {
            return true;
        }
        MemoryRegionView mr = granting(list.lkey(index), pd, write, list.address(index),
                Integer.toUnsignedLong(bytes));
        if (mr == null) {
            return false;
        }
        list.memory(index, mr.memory(), mr.shift());
        return true;
    }

    /**
     * Tries the region of the last key first; the key table only when that region does not grant it.
     *
     * @return the region that grants the access, or {@code null}
     */
    private MemoryRegionView granting(int lkey, ProtectionDomainView pd, boolean write, long address, long bytes) {
        MemoryRegionView cached = last;
        if (cached != null && cached.grantsLocal(lkey, pd, write, address, bytes)) {
            return cached;
        }
        if (keys.get(MemoryKeys.index(lkey)) instanceof MemoryRegionView mr) {
            last = mr;
            return mr.grantsLocal(lkey, pd, write, address, bytes) ? mr : null;
        }
        return null;
    }

    /**
     * Copies {@code bytes} bytes from the checked list {@code source}, starting {@code sourceStart}
     * bytes into it, to the checked list {@code target}, starting {@code targetStart} bytes into it; a
     * copy between two single entries is one bulk copy.
     */
    public static void copy(Sges source, long sourceStart, Sges target, long targetStart, long bytes) {
        if (bytes == 0) {
            return; // an empty entry records no memory
        }
        if (source.count == 1 && target.count == 1 && bytes <= source.totalLength() - sourceStart
                && bytes <= target.totalLength() - targetStart) {
            DeviceMemory.copy(source.memory(0), source.memoryAddress(0) + sourceStart, target.memory(0),
                    target.memoryAddress(0) + targetStart, bytes);
            return;
        }
        int si = 0;
        long so = sourceStart;
        int ti = 0;
        long to = targetStart;
        long left = bytes;
        while (left > 0) {
            while (si < source.count && so >= Integer.toUnsignedLong(source.length(si))) {
                so -= Integer.toUnsignedLong(source.length(si));
                si++;
            }
            while (ti < target.count && to >= Integer.toUnsignedLong(target.length(ti))) {
                to -= Integer.toUnsignedLong(target.length(ti));
                ti++;
            }
            if (si == source.count || ti == target.count) {
                return;
            }
            long chunk = Math.min(left, Math.min(Integer.toUnsignedLong(source.length(si)) - so,
                    Integer.toUnsignedLong(target.length(ti)) - to));
            DeviceMemory.copy(source.memory(si), source.memoryAddress(si) + so, target.memory(ti),
                    target.memoryAddress(ti) + to, chunk);
            left -= chunk;
            so += chunk;
            to += chunk;
        }
    }
}
