package org.verbs4j.provider.generic;

import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.VerbsTck;

/**
 * The whole TCK against the generic provider. On a machine without an RDMA device the kit reports
 * "no device" once, with the provider's reason; in the rxe VM (vm/run-generic-tests.sh) it runs on rxe0,
 * where the known bugs of the kernel's rxe driver, which the provider itself names
 * ({@code GenericProvider.knownBugs}), are reported as such.
 */
class GenericProviderTckTest extends VerbsTck {

    @Override
    protected VerbsProvider provider() {
        return new GenericProvider();
    }
}
