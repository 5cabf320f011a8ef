package org.verbs4j.tck.broken;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectNestedMethod;

import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;
import org.verbs4j.tck.KnownBugException;
import org.verbs4j.tck.UnsupportedFeatureException;

/**
 * Runs one test of the kit through a nested JUnit launch ({@link EngineTestKit}) and tells how it ended.
 *
 * @param kit the concrete kit class, a subclass of an area
 * @param nestedClass the binary name of the nested class of the area that declares the test, or {@code null} for a
 *     test the area declares itself
 * @param method the test method
 */
record KitRun(Class<?> kit, String nestedClass, String method) {

    /** @return the events of the test */
    Events execute() {
        return EngineTestKit.engine("junit-jupiter")
                .configurationParameter("verbs4j.tck.report", "target/tck-self-test/" + kit.getSimpleName() + ".txt")
                .selectors(nestedClass == null ? selectMethod(kit, method)
                        : selectNestedMethod(List.of(kit.getName()), "org.verbs4j.tck." + nestedClass, method))
                .execute().testEvents();
    }

    /** Asserts that the test ran and passed. */
    void assertPasses() {
        Events events = execute();
        assertThat(events.started().count()).as("started tests of %s", this).isEqualTo(1);
        assertThat(events.succeeded().count()).as("passed tests of %s: %s", this, failures(events)).isEqualTo(1);
    }

    /**
     * Asserts that the test ran and failed with a message containing {@code fragment}.
     *
     * @param fragment what the failure message must say about the bug
     */
    void assertFailsWith(String fragment) {
        Events events = execute();
        assertThat(events.started().count()).as("started tests of %s", this).isEqualTo(1);
        assertThat(failures(events)).as("failures of %s", this).singleElement().asString().contains(fragment);
    }

    /**
     * Asserts that the test was aborted as unsupported with a reason containing {@code fragment}.
     *
     * @param fragment what the reason must say
     */
    void assertUnsupported(String fragment) {
        Events events = execute();
        assertThat(events.started().count()).as("started tests of %s", this).isEqualTo(1);
        assertThat(events.aborted().stream().map(KitRun::message).toList()).as("aborted tests of %s", this)
                .singleElement().asString().contains(UnsupportedFeatureException.class.getName()).contains(fragment);
    }

    /**
     * Asserts that the test was aborted as a known bug, with the bug's reason and the original failure.
     *
     * @param reason the reason the provider's test class gave
     * @param failure what the original failure said
     */
    void assertKnownBug(String reason, String failure) {
        Events events = execute();
        assertThat(events.started().count()).as("started tests of %s", this).isEqualTo(1);
        assertThat(events.succeeded().count()).as("passed tests of %s", this).isZero();
        assertThat(events.aborted().stream().map(KitRun::message).toList()).as("aborted tests of %s", this)
                .singleElement().asString().contains(KnownBugException.class.getName()).contains(reason)
                .contains(failure);
    }

    private static List<String> failures(Events events) {
        return events.failed().stream().map(KitRun::message).toList();
    }

    private static String message(Event event) {
        return event.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                .map(Throwable::toString).orElse("(no throwable)");
    }
}
