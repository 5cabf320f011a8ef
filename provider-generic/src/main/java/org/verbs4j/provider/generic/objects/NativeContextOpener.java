package org.verbs4j.provider.generic.objects;

import java.lang.foreign.MemorySegment;
import org.verbs4j.Context;
import org.verbs4j.provider.generic.vendor.ContextOpener;
import org.verbs4j.provider.generic.vendor.ListedDevice;

/** Opens a listed device as a {@link NativeContext}; the module provides it to {@link ListedDevice}. */
public final class NativeContextOpener implements ContextOpener {

    /** Created by {@link java.util.ServiceLoader}. */
    public NativeContextOpener() {
    }

    @Override
    public Context open(ListedDevice device, MemorySegment pointer) {
        return NativeContext.open(device, pointer);
    }

    @Override
    public org.verbs4j.cm.ConnectionManager connectionManager() {
        return NativeConnectionManager.get();
    }
}
