package org.verbs4j.spi;

import java.util.ServiceLoader;

/**
 * A provider that already exists, presented as a {@link ServiceLoader.Provider} so that it is
 * discovered like a loaded one.
 *
 * @param provider the provider instance
 */
record InstanceCandidate(VerbsProvider provider) implements ServiceLoader.Provider<VerbsProvider> {

    @Override
    public Class<? extends VerbsProvider> type() {
        return provider.getClass();
    }

    @Override
    public VerbsProvider get() {
        return provider;
    }
}
