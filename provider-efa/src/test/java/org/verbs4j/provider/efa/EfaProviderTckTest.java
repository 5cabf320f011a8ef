package org.verbs4j.provider.efa;

import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.VerbsTck;

/** The conformance kit against the efa provider; without its device the kit reports "no device" once. */
class EfaProviderTckTest extends VerbsTck {

    @Override
    protected VerbsProvider provider() {
        return new EfaProvider();
    }
}
