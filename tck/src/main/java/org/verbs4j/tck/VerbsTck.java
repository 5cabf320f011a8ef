package org.verbs4j.tck;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.verbs4j.spi.VerbsProvider;

/**
 * The whole kit in one class. To run it against a provider, make a test class that extends it and
 * returns the provider:
 *
 * <pre>{@code
 * class MyProviderTckTest extends VerbsTck {
 *     @Override
 *     protected VerbsProvider provider() {
 *         return new MyProvider();
 *     }
 * }
 * }</pre>
 *
 * <p>Each area of the kit is a nested group of its own. When the provider offers no device, the kit
 * reports "no device" once, with the reason, and runs nothing. The summary of the run is logged and
 * written to {@code target/verbs4j-tck-report.txt} (configuration parameter or system property
 * {@code verbs4j.tck.report}).
 */
public abstract class VerbsTck extends ProviderUnderTest {

    /** Creates the kit; subclasses implement {@link #provider()}. */
    protected VerbsTck() {
    }

    /** {@link DeviceAndContextVerification}. */
    @Nested
    @DisplayName("device and context")
    class DeviceAndContext extends DeviceAndContextVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link MemoryVerification}. */
    @Nested
    @DisplayName("PD and MR")
    class Memory extends MemoryVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link OnDemandAndDeviceMemoryVerification}. */
    @Nested
    @DisplayName("ODP and device memory")
    class OnDemandAndDeviceMemory extends OnDemandAndDeviceMemoryVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link CompletionQueueVerification}. */
    @Nested
    @DisplayName("extended CQ and poll iterator")
    class CompletionQueues extends CompletionQueueVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link CompletionEventVerification}. */
    @Nested
    @DisplayName("completion-channel events")
    class CompletionEvents extends CompletionEventVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link SendOperationsVerification}. */
    @Nested
    @DisplayName("extended QP and send operations")
    class SendOperations extends SendOperationsVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link QpStateMachineVerification}. */
    @Nested
    @DisplayName("QP state machine")
    class QpStateMachine extends QpStateMachineVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link SharedReceiveQueueVerification}. */
    @Nested
    @DisplayName("SRQ")
    class SharedReceiveQueues extends SharedReceiveQueueVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link TagMatchingVerification}. */
    @Nested
    @DisplayName("tag-matching SRQ")
    class TagMatching extends TagMatchingVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link ReceiveScalingVerification}. */
    @Nested
    @DisplayName("RSS")
    class ReceiveScaling extends ReceiveScalingVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link XrcVerification}. */
    @Nested
    @DisplayName("XRC")
    class Xrc extends XrcVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link ErrorCompletionVerification}. */
    @Nested
    @DisplayName("error completions")
    class ErrorCompletions extends ErrorCompletionVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link ExtraCompletionFieldVerification}. */
    @Nested
    @DisplayName("portable EFA-style fields")
    class ExtraCompletionFields extends ExtraCompletionFieldVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link LifetimeVerification}. */
    @Nested
    @DisplayName("lifetimes and misuse")
    class Lifetimes extends LifetimeVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }

    /** {@link ConnectionManagementVerification}. */
    @Nested
    @DisplayName("connection management")
    class ConnectionManagement extends ConnectionManagementVerification {
        @Override
        protected VerbsProvider provider() {
            return VerbsTck.this.providerUnderTest();
        }

        @Override
        protected TckEnvironment environment() {
            return VerbsTck.this.environment();
        }

        @Override
        ProviderUnderTest kit() {
            return VerbsTck.this;
        }
    }
}
