package org.verbs4j.provider.mlx5;

import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.VerbsTck;

/** The conformance kit against the mlx5 provider; without its device the kit reports "no device" once. */
class Mlx5ProviderTckTest extends VerbsTck {

    @Override
    protected VerbsProvider provider() {
        return new Mlx5Provider();
    }
}
