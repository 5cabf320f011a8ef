package org.verbs4j.tck;

import java.util.ServiceLoader;
import org.verbs4j.spi.VerbsProvider;

/** Finds the soft provider the way applications do, through ServiceLoader: it exports nothing. */
public final class SoftProviders {

    private SoftProviders() {
    }

    /** @return the soft provider */
    public static VerbsProvider soft() {
        return ServiceLoader.load(VerbsProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(provider -> provider.id().equals("soft")).findFirst()
                .orElseThrow(() -> new IllegalStateException("the soft provider is not on the test class path"));
    }
}
