package org.verbs4j.spi;

import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * A {@link ServiceLoader.Provider} as the real {@link ServiceLoader} would return it, with a
 * factory that may throw like a failing provider constructor.
 *
 * @param type the provider class
 * @param factory creates the provider, or throws
 */
record FakeCandidate(Class<? extends VerbsProvider> type, Supplier<VerbsProvider> factory)
        implements ServiceLoader.Provider<VerbsProvider> {

    /** @return a candidate for {@code provider} */
    static FakeCandidate of(VerbsProvider provider) {
        return new FakeCandidate(provider.getClass(), () -> provider);
    }

    /**
     * @return a candidate whose constructor throws {@code cause}, wrapped the way
     *     {@link ServiceLoader.Provider#get()} wraps it
     */
    static FakeCandidate throwing(Class<? extends VerbsProvider> type, RuntimeException cause) {
        return new FakeCandidate(type, () -> {
            throw new ServiceConfigurationError(VerbsProvider.class.getName() + ": Provider " + type.getName()
                    + " could not be instantiated", cause);
        });
    }

    @Override
    public VerbsProvider get() {
        return factory.get();
    }
}
