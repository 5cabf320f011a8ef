package org.verbs4j.tck;

import org.verbs4j.spi.VerbsProvider;

/** The whole kit against the reference provider, as a provider module runs it: the ten-line class. */
class SoftProviderTckTest extends VerbsTck {

    @Override
    protected VerbsProvider provider() {
        return SoftProviders.soft();
    }
}
