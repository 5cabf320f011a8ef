package org.verbs4j.provider.soft.engine;

import org.verbs4j.AccessFlag;
import org.verbs4j.MwBindInfo;

/**
 * A memory window as the engine sees it: binding and the checks of its R_Key. Implemented by the soft window alone.
 */
public interface MemoryWindowView {

    /** Whether the window is bound with {@code access}. */
    boolean allows(AccessFlag access);

    /**
     * Binds it for {@code qp} (or unbinds a type 1 window with length 0).
     *
     * @return whether the bind was valid (else MW_BIND_ERR)
     */
    boolean bind(QueuePairView qp, int newRkey, MwBindInfo info);

    /** The queue pair a type 2 window is bound to, or null. */
    QueuePairView boundQp();

    /** Whether {@code [address, address + length)} lies inside the window. */
    boolean covers(long address, long length);

    /**
     * Invalidates a bound type 2 window (LOCAL_INV, SEND_WITH_INV) for {@code by}'s queue pair.
     *
     * @return whether it was valid
     */
    boolean invalidate(ProtectionDomainView by);

    /** Whether it was deallocated. */
    boolean isClosed();

    /** The region it is bound to, or null. */
    MemoryRegionView region();

    /** Its current R_Key. */
    int rkey();

    /** Its protection domain. */
    ProtectionDomainView softPd();
}
