package org.verbs4j.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * Instantiates the providers of a {@link ServiceLoader} stream, one at a time, so that a provider
 * that fails to load is recorded as failed and the others are still loaded.
 *
 * <p>A failure to locate the next provider (for example a class named in
 * {@code META-INF/services} that does not exist) is thrown by the stream itself; the loader records
 * it and advances again, which {@link ServiceLoader} supports.
 */
final class ProviderLoader {

    private static final System.Logger LOG = System.getLogger("org.verbs4j.spi");

    private final ProviderSelection selection;
    private final List<LoadedProvider> loaded = new ArrayList<>();
    private final List<FailedProvider> failed = new ArrayList<>();

    private ProviderLoader(ProviderSelection selection) {
        this.selection = selection;
    }

    /**
     * @param candidates the providers to load, for example {@code ServiceLoader.load(...).stream()}
     * @param selection the selection, which tells which providers to probe
     * @return every provider found, loaded or failed
     */
    static Discovery discover(Stream<ServiceLoader.Provider<VerbsProvider>> candidates, ProviderSelection selection) {
        ProviderLoader loader = new ProviderLoader(selection);
        Spliterator<ServiceLoader.Provider<VerbsProvider>> spliterator = candidates.spliterator();
        while (loader.advance(spliterator)) {
            // each step loads one provider
        }
        return new Discovery(loader.loaded, loader.failed);
    }

    private boolean advance(Spliterator<ServiceLoader.Provider<VerbsProvider>> candidates) {
        try {
            return candidates.tryAdvance(this::load);
        } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
            fail(FailedProvider.of(FailedProvider.UNKNOWN, e));
            return true;
        }
    }

    private void load(ServiceLoader.Provider<VerbsProvider> candidate) {
        String type = FailedProvider.UNKNOWN;
        try {
            type = candidate.type().getName();
            loaded.add(LoadedProvider.of(candidate.get(), type, selection));
        } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
            fail(FailedProvider.of(type, e));
        }
    }

    private void fail(FailedProvider provider) {
        LOG.log(System.Logger.Level.DEBUG, () -> "provider " + provider.name() + ": " + provider.reason());
        failed.add(provider);
    }
}
