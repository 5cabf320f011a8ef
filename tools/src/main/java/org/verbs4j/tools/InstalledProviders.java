package org.verbs4j.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.verbs4j.spi.VerbsProvider;

/**
 * The providers installed on the module path or class path, for {@code verbs4j tck}. A provider that
 * fails to load is left out here; {@code verbs4j devices} reports why.
 */
final class InstalledProviders {

    private InstalledProviders() {
    }

    /** @return every provider that could be instantiated */
    static List<VerbsProvider> load() {
        List<VerbsProvider> providers = new ArrayList<>();
        ServiceLoader.load(VerbsProvider.class).stream().forEach(candidate -> add(providers, candidate));
        return providers;
    }

    private static void add(List<VerbsProvider> providers, ServiceLoader.Provider<VerbsProvider> candidate) {
        try {
            providers.add(candidate.get());
        } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
            // Left out: the devices command reports the cause through the catalog's selection report.
        }
    }
}
