package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import org.verbs4j.AccessFlag;

/**
 * Remote memory access at a responder: an rkey names a memory region or a bound memory window of the
 * responder's domain, which must grant the access, as must the responder queue pair's access flags.
 */
public final class RemoteAccess {

    private RemoteAccess() {
    }

    /**
     * Checks {@code [address, address + length)} under {@code rkey} and makes it the one entry of
     * {@code target}, in the memory of the region the key reaches.
     *
     * @return whether the access is allowed
     */
    public static boolean resolve(ObjectTable<Object> keys, QueuePairView responder, int rkey, long address, long length,
                           AccessFlag access, Sges target) {
        if (!responder.allowsRemote(access)) {
            return false;
        }
        if (length == 0) {
            target.setResolved(MemorySegment.NULL, 0);
            return true;
        }
        Object owner = keys.get(MemoryKeys.index(rkey));
        MemoryRegionView mr = grantingRegion(owner, responder, rkey, access);
        if (mr == null) {
            return false;
        }
        boolean inside = owner instanceof MemoryWindowView mw ? mw.covers(address, length) : mr.covers(address, length);
        if (!inside) {
            return false;
        }
        target.setResolved(mr.memory(), address + mr.shift(), length);
        return true;
    }

    /**
     * @return whether {@code rkey} names a usable region or window of the responder's domain that grants
     *     {@code access}, as does the responder queue pair (no address range is checked)
     */
    public static boolean grants(ObjectTable<Object> keys, QueuePairView responder, int rkey, AccessFlag access) {
        return responder.allowsRemote(access)
                && grantingRegion(keys.get(MemoryKeys.index(rkey)), responder, rkey, access) != null;
    }

    /**
     * The validity rule of a remote key: it names a usable region, or a window bound to a usable region (and,
     * for a type 2 window, to this queue pair), of the responder's domain, which grants {@code access}.
     *
     * @param owner what the key's index names in the key table
     * @return the region whose memory the key reaches, or {@code null} if the key is not valid
     */
    private static MemoryRegionView grantingRegion(Object owner, QueuePairView responder, int rkey,
                                                   AccessFlag access) {
        if (owner instanceof MemoryRegionView mr) {
            boolean valid = mr.rkey() == rkey && mr.usable() && mr.softPd() == responder.softPd() && mr.allows(access);
            return valid ? mr : null;
        }
        if (owner instanceof MemoryWindowView mw) {
            MemoryRegionView mr = mw.region();
            boolean valid = mw.rkey() == rkey && mr != null && !mw.isClosed() && mr.usable()
                    && mw.softPd() == responder.softPd() && (mw.boundQp() == null || mw.boundQp() == responder)
                    && mw.allows(access);
            return valid ? mr : null;
        }
        return null;
    }
}
