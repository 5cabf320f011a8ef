package org.verbs4j.provider.soft.engine;

import org.verbs4j.AccessFlag;
import org.verbs4j.MwBindInfo;

/** A memory window as the engine sees it: binding and the checks of its R_Key. Implemented by the soft window alone. */
public interface MemoryWindowView {

    /** Whether the window is bound with {@code access}. */
    boolean allows(AccessFlag access);

    /** Binds it for {@code qp} ({@code IBV_WR_BIND_MW}). @return false if the bind is not allowed */
    boolean bind(QueuePairView qp, int newRkey, MwBindInfo info);

    /** The queue pair a type 2 window is bound to, or null. */
    QueuePairView boundQp();

    /** Whether {@code [address, address + length)} lies inside the window. */
    boolean covers(long address, long length);

    /** Invalidates it for a request of {@code by}'s queue pair. @return false if it may not */
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
