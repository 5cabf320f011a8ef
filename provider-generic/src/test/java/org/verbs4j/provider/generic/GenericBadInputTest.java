package org.verbs4j.provider.generic;

import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.BadInputVerification;

/** The TCK's opt-in bad-input sweep against the generic provider: aborted without a device, run on rxe0 in the VM. */
class GenericBadInputTest extends BadInputVerification {

    @Override
    protected VerbsProvider provider() {
        return new GenericProvider();
    }
}
