package org.verbs4j.tck;

import java.io.Serial;
import org.opentest4j.TestAbortedException;

/**
 * Ends a test that failed because of a {@link KnownBug} of the device under test. The summary reports
 * it as a known bug, with the reason and the original failure, never as passed.
 */
public final class KnownBugException extends TestAbortedException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param bug the known bug
     * @param failure how the test failed
     */
    public KnownBugException(KnownBug bug, Throwable failure) {
        super("known bug: " + bug.reason() + "; the test failed with " + failure.getClass().getSimpleName() + ": "
                + failure.getMessage(), failure);
    }
}
