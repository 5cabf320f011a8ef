package org.verbs4j.provider.soft;

import org.verbs4j.AccessFlag;
import org.verbs4j.Flags;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwBindInfo;
import org.verbs4j.MwType;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.engine.MemoryKeys;
import org.verbs4j.provider.soft.engine.MemoryWindowView;
import org.verbs4j.provider.soft.engine.ProtectionDomainView;
import org.verbs4j.provider.soft.engine.QueuePairView;

/**
 * A memory window: a remote-access grant on part of a memory region, bound through a send queue. A
 * type 1 window serves every queue pair of its domain and may be rebound; a type 2 window serves only
 * the queue pair that bound it and must be invalidated before it is bound again. The bind state changes
 * only under the fabric lock.
 */
public final class SoftMemoryWindow extends SoftObject implements MemoryWindow, MemoryWindowView {

    private final SoftProtectionDomain pd;
    private final MwType type;
    private final int index;
    private volatile int rkey;
    private SoftMemoryRegion region;
    private long address;
    private long length;
    private long accessBits;
    private QueuePairView boundQp;

    SoftMemoryWindow(SoftProtectionDomain pd, MwType type) {
        super("ibv_dealloc_mw", "memory window", pd.softContext().device().name());
        pd.retain("ibv_alloc_mw");
        this.pd = pd;
        this.type = type;
        int allocated = pd.softContext().fabric().keys().add(this);
        if (allocated < 0) {
            pd.release();
            throw Failures.noMemory("ibv_alloc_mw", "no memory key left");
        }
        this.index = allocated;
        this.rkey = MemoryKeys.key(index, MemoryKeys.initialKeyByte(index));
    }

    @Override
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    /** @return the domain of the access checks: the protection domain, or the PD of a parent domain */
    public SoftProtectionDomain softPd() {
        return pd.domain();
    }

    @Override
    public MwType type() {
        return type;
    }

    @Override
    public int rkey() {
        return rkey;
    }

    boolean isBound() {
        return region != null;
    }

    public SoftMemoryRegion region() {
        return region;
    }

    public QueuePairView boundQp() {
        return boundQp;
    }

    public boolean allows(AccessFlag flag) {
        return (accessBits & flag.value()) != 0;
    }

    public boolean covers(long start, long size) {
        return size >= 0 && start - address >= 0 && start - address <= length - size;
    }

    /**
     * Binds the window (or, for a type 1 window with length 0, unbinds it).
     *
     * @return whether the bind was valid (otherwise the caller completes it with MW_BIND_ERR)
     */
    public boolean bind(QueuePairView qp, int newRkey, MwBindInfo info) {
        if (isClosed() || MemoryKeys.index(newRkey) != index || info == null) {
            return false;
        }
        if (type == MwType.TYPE_2 && isBound()) {
            return false;
        }
        if (type == MwType.TYPE_1 && info.length() == 0) {
            unbind();
            rkey = newRkey;
            return true;
        }
        if (!(info.memoryRegion() instanceof SoftMemoryRegion mr) || !mr.usable() || mr.softPd() != softPd()
                || qp.softPd() != softPd() || !mr.allows(AccessFlag.MW_BIND)
                || !mr.covers(info.address(), info.length())) {
            return false;
        }
        boolean grantsWrite = info.access().contains(AccessFlag.REMOTE_WRITE)
                || info.access().contains(AccessFlag.REMOTE_ATOMIC);
        if (grantsWrite && !mr.allows(AccessFlag.LOCAL_WRITE)) {
            return false;
        }
        unbind();
        mr.windowBound();
        region = mr;
        address = info.address();
        length = info.length();
        accessBits = Flags.toBits(info.access());
        boundQp = type == MwType.TYPE_2 ? qp : null;
        rkey = newRkey;
        return true;
    }

    /** Invalidates a bound type 2 window (LOCAL_INV, SEND_WITH_INV); @return whether it was valid */
    public boolean invalidate(ProtectionDomainView by) {
        if (type != MwType.TYPE_2 || !isBound() || by != softPd()) {
            return false;
        }
        unbind();
        return true;
    }

    private void unbind() {
        if (region != null) {
            region.windowUnbound();
        }
        region = null;
        boundQp = null;
        accessBits = 0;
        length = 0;
    }

    @Override
    void destroy() {
        pd.softContext().fabric().lock().lock();
        try {
            unbind();
        } finally {
            pd.softContext().fabric().lock().unlock();
        }
        pd.softContext().fabric().keys().remove(index);
    }

    @Override
    void afterClose() {
        pd.release();
    }
}
