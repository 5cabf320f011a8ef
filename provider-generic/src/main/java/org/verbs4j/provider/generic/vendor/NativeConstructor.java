package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;

/** The generic libibverbs call that creates a native object, as the generic objects make it for a hook. */
@FunctionalInterface
public interface NativeConstructor {

    /**
     * @return the created object, never NULL
     * @throws org.verbs4j.VerbsException naming the verb and the errno, if the call failed
     */
    MemorySegment create();
}
