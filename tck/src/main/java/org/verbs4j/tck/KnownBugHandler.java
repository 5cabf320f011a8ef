package org.verbs4j.tck;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * Turns the failure of a test that a {@link KnownBug} of the device under test concerns into a
 * {@link KnownBugException}; every other outcome passes through unchanged.
 */
public final class KnownBugHandler implements TestExecutionExceptionHandler {

    /** Creates the handler; JUnit does. */
    public KnownBugHandler() {
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        if (failure instanceof TestAbortedException) {
            throw failure;
        }
        Optional<KnownBug> bug = providerUnderTest(context).flatMap(test -> test.knownBug(context.getDisplayName()));
        throw bug.<Throwable>map(known -> new KnownBugException(known, failure)).orElse(failure);
    }

    private static Optional<ProviderUnderTest> providerUnderTest(ExtensionContext context) {
        return context.getRequiredTestInstances().getAllInstances().stream()
                .filter(ProviderUnderTest.class::isInstance).map(ProviderUnderTest.class::cast).findFirst();
    }
}
