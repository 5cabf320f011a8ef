package org.verbs4j.tck.broken;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.tck.broken.BrokenKits.AbsentSrq;
import org.verbs4j.tck.broken.BrokenKits.DeclaredButHealthyTraffic;
import org.verbs4j.tck.broken.BrokenKits.DuplicatedTraffic;
import org.verbs4j.tck.broken.BrokenKits.HealthyErrors;
import org.verbs4j.tck.broken.BrokenKits.HealthyEvents;
import org.verbs4j.tck.broken.BrokenKits.HealthyTraffic;
import org.verbs4j.tck.broken.BrokenKits.HiddenSrq;
import org.verbs4j.tck.broken.BrokenKits.KnownLostCompletionTraffic;
import org.verbs4j.tck.broken.BrokenKits.ProviderNamedLostCompletionTraffic;
import org.verbs4j.tck.broken.BrokenKits.LostCompletionTraffic;
import org.verbs4j.tck.broken.BrokenKits.OpenAccessErrors;
import org.verbs4j.tck.broken.BrokenKits.ReorderedTraffic;
import org.verbs4j.tck.broken.BrokenKits.SilentEvents;
import org.verbs4j.tck.broken.BrokenKits.StressOfDuplicatedCompletions;
import org.verbs4j.tck.broken.BrokenKits.SweepOfTrustedArguments;
import org.verbs4j.tck.broken.BrokenKits.SweepWithoutConnectionManagement;
import org.verbs4j.tck.broken.BrokenKits.StressOfLostCompletions;

/**
 * The kit catches each class of bug: the same test passes against the soft provider and fails, with a
 * message that points at the bug, against a decoration of it that has the bug.
 */
class BrokenProviderTest {

    private static final String TRAFFIC = "SendOperationsVerification$RcTraffic";

    @Nested
    @DisplayName("a provider that loses a completion")
    class LostCompletion {

        private final String test = "completionsInPostingOrder";

        @Test
        @DisplayName("the test passes against the soft provider")
        void healthyPasses() {
            new KitRun(HealthyTraffic.class, TRAFFIC, test).assertPasses();
        }

        @Test
        @DisplayName("the kit fails it: a completion was lost")
        void kitFailsIt() {
            new KitRun(LostCompletionTraffic.class, TRAFFIC, test).assertFailsWith("a completion was lost");
        }
    }

    @Nested
    @DisplayName("the concurrency stress")
    class Stress {

        private final String test = "randomInterleavings";

        @Test
        @DisplayName("fails a provider that loses a completion, naming the seed")
        void lostCompletion() {
            new KitRun(StressOfLostCompletions.class, null, test).assertFailsWith("lost completions");
            new KitRun(StressOfLostCompletions.class, null, test).assertFailsWith("-Dverbs4j.tck.stress.seed=");
        }

        @Test
        @DisplayName("fails a provider that returns a completion twice")
        void duplicatedCompletion() {
            new KitRun(StressOfDuplicatedCompletions.class, null, test).assertFailsWith("completed twice");
        }
    }

    @Nested
    @DisplayName("the bad-input sweep")
    class Sweep {

        @Test
        @DisplayName("fails a provider that throws a NullPointerException for a null argument, naming the call")
        void nullPointer() {
            new KitRun(SweepOfTrustedArguments.class, null, "sweep").assertFailsWith(
                    "ProtectionDomain.allocateMemoryWindow[null]: threw java.lang.NullPointerException");
        }

        @Test
        @DisplayName("passes a provider without connection management: its interfaces are not on this device")
        void withoutConnectionManagement() {
            new KitRun(SweepWithoutConnectionManagement.class, null, "sweep").assertPasses();
        }
    }

    @Nested
    @DisplayName("a known bug named by the provider's test class")
    class KnownBugs {

        private final String test = "completionsInPostingOrder";

        @Test
        @DisplayName("is reported as a known bug, with its reason and the failure, never as passed")
        void reportedAsKnownBug() {
            new KitRun(KnownLostCompletionTraffic.class, TRAFFIC, test)
                    .assertKnownBug("test device: its CQ drops every 7th completion", "a completion was lost");
        }

        @Test
        @DisplayName("named by the provider itself is reported the same way, wherever the kit runs")
        void namedByTheProvider() {
            new KitRun(ProviderNamedLostCompletionTraffic.class, TRAFFIC, test)
                    .assertKnownBug("test device: its CQ drops every 7th completion", "a completion was lost");
        }

        @Test
        @DisplayName("that does not show lets the test pass")
        void absentBugPasses() {
            new KitRun(DeclaredButHealthyTraffic.class, TRAFFIC, test).assertPasses();
        }
    }

    @Nested
    @DisplayName("a provider that reorders completions")
    class Reordering {

        private final String test = "completionsInPostingOrder";

        @Test
        @DisplayName("the kit fails it: completions out of posting order")
        void kitFailsIt() {
            new KitRun(ReorderedTraffic.class, TRAFFIC, test).assertFailsWith("must come in posting order");
        }
    }

    @Nested
    @DisplayName("a provider that returns a completion twice")
    class Duplicating {

        @Test
        @DisplayName("the kit fails it: a request completed more than once")
        void kitFailsIt() {
            new KitRun(DuplicatedTraffic.class, TRAFFIC, "completionsInPostingOrder")
                    .assertFailsWith("completed more than once");
        }
    }

    @Nested
    @DisplayName("a provider that ignores access flags")
    class OpenAccess {

        private final String area = "ErrorCompletionVerification$RemoteAccess";
        private final String test = "writeWithoutRemoteWrite";

        @Test
        @DisplayName("the test passes against the soft provider")
        void healthyPasses() {
            new KitRun(HealthyErrors.class, area, test).assertPasses();
        }

        @Test
        @DisplayName("the kit fails it: the write to a region without REMOTE_WRITE succeeded")
        void kitFailsIt() {
            new KitRun(OpenAccessErrors.class, area, test)
                    .assertFailsWith("RDMA_WRITE to a region without REMOTE_WRITE");
        }
    }

    @Nested
    @DisplayName("a provider that never delivers events")
    class NoEvents {

        private final String area = "CompletionEventVerification$Notification";
        private final String test = "armedCqGetsAnEvent";

        @Test
        @DisplayName("the test passes against the soft provider")
        void healthyPasses() {
            new KitRun(HealthyEvents.class, area, test).assertPasses();
        }

        @Test
        @DisplayName("the kit fails it: no completion event after a completion on an armed CQ")
        void kitFailsIt() {
            new KitRun(SilentEvents.class, area, test).assertFailsWith("no completion event within");
        }
    }

    @Nested
    @DisplayName("capability gating")
    class CapabilityGating {

        private final String area = "SharedReceiveQueueVerification$Basics";
        private final String test = "sizesAreAtLeastRequested";

        @Test
        @DisplayName("a device that lacks a feature and says so is reported unsupported, with the provider's reason")
        void clearRefusalIsUnsupported() {
            new KitRun(AbsentSrq.class, area, test).assertUnsupported("this device has no shared receive queues");
        }

        @Test
        @DisplayName("the kit fails a device that reports a capability off but creates the object anyway")
        void inconsistentCapabilityFails() {
            new KitRun(HiddenSrq.class, area, test).assertFailsWith("the device reports SRQ as unsupported, so "
                    + "ibv_create_srq_ex must fail with UnsupportedVerbException");
        }
    }
}
