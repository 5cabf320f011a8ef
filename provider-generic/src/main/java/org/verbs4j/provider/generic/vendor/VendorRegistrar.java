package org.verbs4j.provider.generic.vendor;

import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.MemoryRegion;

/**
 * A protection domain of the generic binding, on which a vendor registers memory that its own verb describes
 * (for example a dmabuf, which has no address in this process): the generic protection domain implements it.
 * The registration goes through {@link DirectVerbs#registerMr}, whose generic path refuses it; the vendor's
 * hook registers it, and the result is an ordinary {@link MemoryRegion} of the domain, deregistered with
 * {@code ibv_dereg_mr}.
 */
public interface VendorRegistrar {

    /**
     * @param verb the vendor's verb, for messages
     * @param address the region's start as the device sees it ({@code iova})
     * @param length its length in bytes, above 0
     * @param access its access, checked as {@code ibv_reg_mr} checks it
     * @return the region, whose {@link MemoryRegion#segment()} is {@link java.lang.foreign.MemorySegment#NULL}
     *     (it has no address in this process)
     * @throws org.verbs4j.InvalidArgumentException for a length of 0 or an access rule broken
     * @throws org.verbs4j.UnsupportedVerbException if the device's vendor has no such registration
     * @throws org.verbs4j.ClosedObjectException if the protection domain is closed
     */
    MemoryRegion registerVendorMemory(String verb, long address, long length, Set<AccessFlag> access);
}
