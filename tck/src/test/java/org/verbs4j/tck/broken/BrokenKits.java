package org.verbs4j.tck.broken;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.verbs4j.Capability;
import org.verbs4j.Device;
import org.verbs4j.spi.KnownDeviceBug;
import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.BadInputVerification;
import org.verbs4j.tck.CompletionEventVerification;
import org.verbs4j.tck.ConcurrentCloseVerification;
import org.verbs4j.tck.ErrorCompletionVerification;
import org.verbs4j.tck.KnownBug;
import org.verbs4j.tck.SendOperationsVerification;
import org.verbs4j.tck.SharedReceiveQueueVerification;
import org.verbs4j.tck.SoftProviders;
import org.verbs4j.tck.TckEnvironment;

/**
 * The areas of the kit against the soft provider and against broken decorations of it, with short
 * timeouts. They are run by {@link BrokenProviderTest} through nested launches, not by Surefire (their
 * names do not end in Test).
 */
final class BrokenKits {

    static final TckEnvironment FAST = new TckEnvironment(Optional.empty(), 1, 0, Duration.ofSeconds(1),
            Duration.ofSeconds(1));

    private BrokenKits() {
    }

    static VerbsProvider broken(Breakage breakage) {
        return new BrokenProvider(SoftProviders.soft(), breakage);
    }

    /** Traffic against the healthy soft provider. */
    static class HealthyTraffic extends SendOperationsVerification {
        @Override
        protected VerbsProvider provider() {
            return SoftProviders.soft();
        }

        @Override
        protected TckEnvironment environment() {
            return FAST;
        }
    }

    /** Traffic against a provider whose CQs lose a completion. */
    static class LostCompletionTraffic extends HealthyTraffic {
        @Override
        protected VerbsProvider provider() {
            return broken(new LosesACompletion());
        }
    }

    /** The lost completion, declared as a known bug of the device. */
    static final KnownBug LOST_COMPLETION = new KnownBug(
            "ibv_post_send(3): completions of one work queue are returned once each, in posting order",
            "test device: its CQ drops every 7th completion");

    /** Traffic against a provider whose CQs lose a completion, which its test class names as a known bug. */
    static class KnownLostCompletionTraffic extends LostCompletionTraffic {
        @Override
        protected List<KnownBug> knownBugs(Device device) {
            return List.of(LOST_COMPLETION);
        }
    }

    /** Traffic against a provider whose CQs lose a completion, which the provider itself names as a known bug. */
    static class ProviderNamedLostCompletionTraffic extends HealthyTraffic {
        @Override
        protected VerbsProvider provider() {
            return new NamesItsBugs(broken(new LosesACompletion()),
                    List.of(new KnownDeviceBug(LOST_COMPLETION.contract(), LOST_COMPLETION.reason())));
        }
    }

    /** Traffic against the healthy soft provider, with the same known bug declared although it has not. */
    static class DeclaredButHealthyTraffic extends HealthyTraffic {
        @Override
        protected List<KnownBug> knownBugs(Device device) {
            return List.of(LOST_COMPLETION);
        }
    }

    /** Traffic against a provider whose CQs reorder completions. */
    static class ReorderedTraffic extends HealthyTraffic {
        @Override
        protected VerbsProvider provider() {
            return broken(new ReordersCompletions());
        }
    }

    /** Traffic against a provider whose CQs return a completion twice. */
    static class DuplicatedTraffic extends HealthyTraffic {
        @Override
        protected VerbsProvider provider() {
            return broken(new DuplicatesACompletion());
        }
    }

    /** The concurrency stress against a provider whose CQs lose a completion. */
    static class StressOfLostCompletions extends ConcurrentCloseVerification {
        @Override
        protected VerbsProvider provider() {
            return broken(new LosesACompletion());
        }

        @Override
        protected TckEnvironment environment() {
            return FAST;
        }
    }

    /** The concurrency stress against a provider whose CQs return a completion twice. */
    static class StressOfDuplicatedCompletions extends StressOfLostCompletions {
        @Override
        protected VerbsProvider provider() {
            return broken(new DuplicatesACompletion());
        }
    }

    /** The bad-input sweep against a provider whose PD dereferences a null window type. */
    static class SweepOfTrustedArguments extends BadInputVerification {
        @Override
        protected VerbsProvider provider() {
            return broken(new TrustsItsArguments());
        }

        @Override
        protected TckEnvironment environment() {
            return FAST;
        }
    }

    /** The bad-input sweep against a provider that offers no connection management. */
    static class SweepWithoutConnectionManagement extends BadInputVerification {
        @Override
        protected VerbsProvider provider() {
            return broken(new LacksConnectionManagement());
        }

        @Override
        protected TckEnvironment environment() {
            return FAST;
        }
    }

    /** Error completions against the healthy soft provider. */
    static class HealthyErrors extends ErrorCompletionVerification {
        @Override
        protected VerbsProvider provider() {
            return SoftProviders.soft();
        }

        @Override
        protected TckEnvironment environment() {
            return FAST;
        }
    }

    /** Error completions against a provider that ignores access flags. */
    static class OpenAccessErrors extends HealthyErrors {
        @Override
        protected VerbsProvider provider() {
            return broken(new IgnoresAccessFlags());
        }
    }

    /** Completion events against the healthy soft provider. */
    static class HealthyEvents extends CompletionEventVerification {
        @Override
        protected VerbsProvider provider() {
            return SoftProviders.soft();
        }

        @Override
        protected TckEnvironment environment() {
            return FAST;
        }
    }

    /** Completion events against a provider whose channels never deliver. */
    static class SilentEvents extends HealthyEvents {
        @Override
        protected VerbsProvider provider() {
            return broken(new NeverDeliversEvents());
        }
    }

    /** Shared receive queues against a provider that hides SRQ but creates them anyway. */
    static class HiddenSrq extends SharedReceiveQueueVerification {
        @Override
        protected VerbsProvider provider() {
            return broken(new HidesACapability(Capability.SRQ));
        }

        @Override
        protected TckEnvironment environment() {
            return FAST;
        }
    }

    /** Shared receive queues against a provider that lacks them and says so. */
    static class AbsentSrq extends HiddenSrq {
        @Override
        protected VerbsProvider provider() {
            return broken(new LacksSharedReceiveQueues());
        }
    }
}
