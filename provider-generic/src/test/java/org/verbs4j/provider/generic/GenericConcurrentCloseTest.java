package org.verbs4j.provider.generic;

import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.ConcurrentCloseVerification;

/** The TCK's opt-in concurrent-close stress against the generic provider: aborted without a device, run on rxe0 in the VM. */
class GenericConcurrentCloseTest extends ConcurrentCloseVerification {

    @Override
    protected VerbsProvider provider() {
        return new GenericProvider();
    }
}
