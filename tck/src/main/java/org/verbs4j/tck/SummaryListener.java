package org.verbs4j.tck;

import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/** Counts the results of a launched run of the kit into a {@link TckSummary}, per area. */
final class SummaryListener implements TestExecutionListener {

    private static final String NO_DEVICE = "no device: ";

    private final TckSummary summary = new TckSummary();
    private final TckProgress progress;
    private TestPlan plan;

    SummaryListener(TckProgress progress) {
        this.progress = progress;
    }

    TckSummary summary() {
        return summary;
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public void executionSkipped(TestIdentifier identifier, String reason) {
        if (identifier.isTest()) {
            summary.record(area(identifier), name(identifier), Outcome.ABORTED, "disabled: " + reason);
        }
    }

    @Override
    public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
        Optional<Throwable> cause = result.getThrowable();
        String message = cause.map(Throwable::getMessage).orElse("");
        if (!identifier.isTest()) {
            containerFinished(identifier, result, message);
            reportIfAreaFinished(identifier);
            return;
        }
        Outcome outcome = switch (result.getStatus()) {
            case SUCCESSFUL -> Outcome.PASSED;
            case FAILED -> Outcome.FAILED;
            case ABORTED -> Outcome.ofAbort(cause.orElse(null));
        };
        String reason = outcome == Outcome.FAILED
                ? cause.map(error -> error.getClass().getSimpleName() + ": " + error.getMessage()).orElse("")
                : message;
        summary.record(area(identifier), name(identifier), outcome, reason);
    }

    /** A class that could not start: no device, or a failure before its tests (reported as a failure). */
    private void containerFinished(TestIdentifier identifier, TestExecutionResult result, String message) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED && message != null
                && message.startsWith(NO_DEVICE)) {
            summary.noDevice(message.substring(NO_DEVICE.length()));
        } else if (result.getStatus() == TestExecutionResult.Status.FAILED) {
            summary.record(area(identifier), name(identifier), Outcome.FAILED, "the class failed: " + message);
        }
    }

    private void reportIfAreaFinished(TestIdentifier container) {
        String area = area(container);
        boolean areaRoot = !area.equals(Areas.UNKNOWN) && plan != null
                && plan.getParent(container).map(SummaryListener::area).filter(area::equals).isEmpty();
        AreaResult result = areaRoot ? summary.area(area) : null;
        if (result != null && result.total() > 0) {
            progress.areaFinished(result);
        }
    }

    private String name(TestIdentifier identifier) {
        String parent = plan == null ? "" : plan.getParent(identifier).map(TestIdentifier::getDisplayName).orElse("");
        return parent + " > " + identifier.getDisplayName();
    }

    private static String area(TestIdentifier identifier) {
        return identifier.getSource().flatMap(SummaryListener::className).flatMap(SummaryListener::load)
                .map(Areas::of).orElse(Areas.UNKNOWN);
    }

    private static Optional<String> className(TestSource source) {
        return switch (source) {
            case MethodSource method -> Optional.of(method.getClassName());
            case ClassSource type -> Optional.of(type.getClassName());
            default -> Optional.empty();
        };
    }

    private static Optional<Class<?>> load(String name) {
        try {
            return Optional.of(Class.forName(name, false, SummaryListener.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }
}
