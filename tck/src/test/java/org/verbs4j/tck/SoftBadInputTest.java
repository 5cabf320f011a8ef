package org.verbs4j.tck;

import org.verbs4j.spi.VerbsProvider;

/** The bad-input sweep against the reference provider, as a provider opts into it. */
class SoftBadInputTest extends BadInputVerification {

    @Override
    protected VerbsProvider provider() {
        return SoftProviders.soft();
    }
}
