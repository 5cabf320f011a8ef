package org.verbs4j.spi;

import java.util.List;
import java.util.stream.Stream;

/**
 * Every provider that discovery found, in the order found.
 *
 * @param loaded the providers that were instantiated
 * @param failed the providers that could not be loaded
 */
record Discovery(List<LoadedProvider> loaded, List<FailedProvider> failed) {

    /** Copies the lists. */
    Discovery {
        loaded = List.copyOf(loaded);
        failed = List.copyOf(failed);
    }

    /** @return the ids of the loaded providers, then the failed ones as {@code "<class> (failed to load)"} */
    List<String> names() {
        return Stream.concat(loaded.stream().map(LoadedProvider::id),
                failed.stream().map(provider -> provider.name() + " (failed to load)")).toList();
    }
}
