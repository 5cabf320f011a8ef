package org.verbs4j.tck;

/** How a test of the kit ended, as the summary counts it. */
public enum Outcome {
    /** The provider conforms. */
    PASSED,
    /** The provider does not conform, or the test could not run because of the provider. */
    FAILED,
    /** The device does not support the feature, and the provider says so clearly. */
    UNSUPPORTED,
    /** The test could not run for another reason, for example an inactive port. */
    ABORTED
}
