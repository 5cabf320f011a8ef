package org.verbs4j.tck;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Counts the result of every test of the kit in the summary of its area, and has the summary written
 * when the run ends ({@link TckReport}).
 */
public final class TckSummaryExtension implements TestWatcher {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TckReport.class);

    /** Creates the extension; JUnit does. */
    public TckSummaryExtension() {
    }

    static TckSummary summary(ExtensionContext context) {
        String file = context.getConfigurationParameter(TckReport.REPORT_FILE)
                .orElse(System.getProperty(TckReport.REPORT_FILE, TckReport.DEFAULT_REPORT_FILE));
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(file, TckReport::to, TckReport.class).summary();
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        record(context, Outcome.PASSED, "");
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        record(context, Outcome.FAILED, cause.getClass().getSimpleName() + ": " + cause.getMessage());
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        record(context, Outcome.ofAbort(cause), String.valueOf(cause.getMessage()));
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        record(context, Outcome.ABORTED, "disabled: " + reason.orElse("no reason given"));
    }

    private static void record(ExtensionContext context, Outcome outcome, String reason) {
        String test = context.getParent().map(ExtensionContext::getDisplayName).orElse("") + " > "
                + context.getDisplayName();
        summary(context).record(Areas.of(context.getRequiredTestClass()), test, outcome, reason);
    }
}
