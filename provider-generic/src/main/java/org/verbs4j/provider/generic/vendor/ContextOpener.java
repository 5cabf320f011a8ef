package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;
import org.verbs4j.Context;

/**
 * Opens a listed device into a context of the generic verbs objects. The objects implement it and
 * {@link java.util.ServiceLoader} finds it (the module {@code provides} it), so that this package, which
 * the objects call through {@link DirectVerbs}, does not depend on them in turn. Not for vendors.
 */
public interface ContextOpener {

    /**
     * @param device the listed device, with the direct verbs of its provider
     * @param pointer its C {@code struct ibv_device *}, valid during the call only
     * @return the open context
     */
    Context open(ListedDevice device, MemorySegment pointer);

    /** @return librdmacm as the api's connection manager, shared by the module's devices */
    org.verbs4j.cm.ConnectionManager connectionManager();
}
