package org.verbs4j.spi;

import java.util.List;
import org.verbs4j.ProviderStatus;

/**
 * A provider that could not be loaded: its class was not found, could not be linked, or its
 * constructor, {@code id()} or {@code kind()} threw.
 *
 * @param name the provider class name, or {@link #UNKNOWN} when even the class could not be loaded
 * @param reason {@code "failed to load: <exception class>: <message>"}, with the root cause if any
 */
record FailedProvider(String name, String reason) {

    /** The name of a provider whose class could not be determined. */
    static final String UNKNOWN = "<unknown provider>";

    /**
     * @param name the provider class name, or {@link #UNKNOWN}
     * @param failure what was thrown
     * @return the failed provider
     */
    static FailedProvider of(String name, Throwable failure) {
        return new FailedProvider(name, reason(failure));
    }

    /**
     * @param failure what a provider threw
     * @return {@code "failed to load: <exception class>: <message>"}, followed by
     *     {@code " (caused by <class>: <message>)"} for the root cause when there is one
     */
    static String reason(Throwable failure) {
        Throwable root = rootCause(failure);
        String cause = root == failure ? "" : " (caused by " + describe(root) + ")";
        return "failed to load: " + describe(failure) + cause
                + UnavailabilityCause.meaning(failure).map(meaning -> ": " + meaning).orElse("");
    }

    /** @return how discovery reports this provider */
    ProviderStatus status() {
        return new ProviderStatus(name, false, reason, false, "not chosen: failed to load", List.of());
    }

    private static String describe(Throwable failure) {
        return failure.getClass().getName() + ": " + failure.getMessage();
    }

    private static Throwable rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }
}
