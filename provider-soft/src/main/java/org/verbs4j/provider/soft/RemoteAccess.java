package org.verbs4j.provider.soft;

import org.verbs4j.AccessFlag;

/**
 * Remote memory access at a responder: an rkey names a memory region or a bound memory window of the
 * responder's domain, which must grant the access, as must the responder queue pair's access flags.
 */
final class RemoteAccess {

    private RemoteAccess() {
    }

    /**
     * Resolves {@code [address, address + length)} under {@code rkey} into {@code target} (one entry).
     *
     * @return whether the access is allowed
     */
    static boolean resolve(ObjectTable<Object> keys, SoftQueuePair responder, int rkey, long address, long length,
                           AccessFlag access, Sges target) {
        if (!responder.allowsRemote(access)) {
            return false;
        }
        if (length == 0) {
            target.setResolved(null, 0, 0);
            return true;
        }
        Object owner = keys.get(MemoryKeys.index(rkey));
        if (owner instanceof SoftMemoryRegion mr) {
            if (mr.rkey() != rkey || !mr.usable() || mr.softPd() != responder.softPd() || !mr.allows(access)
                    || !mr.covers(address, length)) {
                return false;
            }
            target.setResolved(mr.dma(), address - mr.address(), (int) length);
            return true;
        }
        if (owner instanceof SoftMemoryWindow mw) {
            SoftMemoryRegion mr = mw.region();
            if (mw.rkey() != rkey || mr == null || mw.isClosed() || !mr.usable() || mw.softPd() != responder.softPd()
                    || (mw.boundQp() != null && mw.boundQp() != responder) || !mw.allows(access)
                    || !mw.covers(address, length)) {
                return false;
            }
            target.setResolved(mr.dma(), address - mr.address(), (int) length);
            return true;
        }
        return false;
    }

    /**
     * @return whether {@code rkey} names a usable region or window of the responder's domain that grants
     *     {@code access}, as does the responder queue pair (no address range is checked)
     */
    static boolean grants(ObjectTable<Object> keys, SoftQueuePair responder, int rkey, AccessFlag access) {
        if (!responder.allowsRemote(access)) {
            return false;
        }
        Object owner = keys.get(MemoryKeys.index(rkey));
        if (owner instanceof SoftMemoryRegion mr) {
            return mr.rkey() == rkey && mr.usable() && mr.softPd() == responder.softPd() && mr.allows(access);
        }
        if (owner instanceof SoftMemoryWindow mw) {
            SoftMemoryRegion mr = mw.region();
            return mw.rkey() == rkey && mr != null && !mw.isClosed() && mr.usable()
                    && mw.softPd() == responder.softPd() && (mw.boundQp() == null || mw.boundQp() == responder)
                    && mw.allows(access);
        }
        return false;
    }
}
