package org.verbs4j.tck;

import org.verbs4j.spi.VerbsProvider;

/** The concurrent-close area and its stress against the reference provider, as a provider opts into it. */
class SoftConcurrentCloseTest extends ConcurrentCloseVerification {

    @Override
    protected VerbsProvider provider() {
        return SoftProviders.soft();
    }
}
