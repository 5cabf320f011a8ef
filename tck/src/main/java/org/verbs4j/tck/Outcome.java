package org.verbs4j.tck;

/** How a test of the kit ended, as the summary counts it. */
public enum Outcome {
    /** The provider conforms. */
    PASSED,
    /** The provider does not conform, or the test could not run because of the provider. */
    FAILED,
    /** The device does not support the feature, and the provider says so clearly. */
    UNSUPPORTED,
    /** The test failed because of a known bug of the device, which the provider's test class names. */
    KNOWN_BUG,
    /** The test could not run for another reason, for example an inactive port. */
    ABORTED;

    /**
     * @param cause why a test was aborted, or {@code null}
     * @return {@link #UNSUPPORTED}, {@link #KNOWN_BUG} or {@link #ABORTED}
     */
    static Outcome ofAbort(Throwable cause) {
        if (cause instanceof UnsupportedFeatureException) {
            return UNSUPPORTED;
        }
        return cause instanceof KnownBugException ? KNOWN_BUG : ABORTED;
    }
}
