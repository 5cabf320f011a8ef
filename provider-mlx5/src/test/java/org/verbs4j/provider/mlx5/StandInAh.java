package org.verbs4j.provider.mlx5;

import java.lang.foreign.MemorySegment;
import org.verbs4j.AhAttributes;
import org.verbs4j.AddressHandle;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.provider.generic.vendor.NativeHandle;

/**
 * An address handle of the binding as a vendor verb sees it: a pointer (stand-in memory), open until closed, that
 * counts the calls it is held open for.
 */
final class StandInAh implements AddressHandle, NativeHandle {

    private final MemorySegment pointer;
    private boolean closed;
    /** Calls entered and left ({@link #enterCall}, {@link #leaveCall}). */
    int entered;
    int left;

    StandInAh(MemorySegment pointer) {
        this.pointer = pointer;
    }

    @Override
    public MemorySegment pointer() {
        return pointer;
    }

    @Override
    public void enterCall(String verb) {
        if (closed) {
            throw new ClosedObjectException(verb, "the address handle is closed");
        }
        entered++;
    }

    @Override
    public void leaveCall() {
        left++;
    }

    @Override
    public ProtectionDomain protectionDomain() {
        throw new UnsupportedOperationException();
    }

    @Override
    public AhAttributes attributes() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }
}
