package org.verbs4j.spi;

import java.util.List;
import java.util.Optional;

/** How a registry orders the providers and gives each device to one of them. */
sealed interface SelectionRule permits DefaultRule, ExplicitRule {

    /** @return every loaded provider, in the order the report lists them */
    List<LoadedProvider> order();

    /** @return which provider serves each device */
    DeviceAssignment assignment();

    /**
     * @param provider an available provider
     * @return why the rule does not let it serve any device, or empty if it competed for its devices
     */
    Optional<String> exclusion(LoadedProvider provider);

    /** @return the rule in words, for the report */
    String description();
}
