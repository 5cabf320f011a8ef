package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.verbs4j.Device;
import org.verbs4j.ProviderStatus;
import org.verbs4j.SelectionReport;
import org.verbs4j.Verbs;

/**
 * Discovers through a real {@link java.util.ServiceLoader} and the test
 * {@code META-INF/services/org.verbs4j.spi.VerbsProvider}, which lists a working provider, a class
 * that does not exist and a provider whose constructor throws.
 */
@DisplayName("Discovery through a real ServiceLoader survives missing and failing provider classes")
class ServiceLoaderDiscoveryTest {

    private static final String FIXTURE = "org.verbs4j.spi.fixture";

    private final ProviderRegistry registry = new ProviderRegistry(
            new ChildFirstClassLoader(ServiceLoaderDiscoveryTest.class.getClassLoader(), FIXTURE),
            ProviderSelection.defaults());

    @Test
    @DisplayName("the working provider is loaded and serves its device")
    void workingProviderServes() {
        assertThat(registry.devices()).extracting(Device::name, Device::providerId)
                .containsExactly(tuple("listed0", "listed"));
        assertThat(registry.report().chosen()).extracting(ProviderStatus::id).containsExactly("listed");
    }

    @Test
    @DisplayName("a listed class that does not exist is reported as failed to load")
    void missingClassIsReported() {
        assertThat(registry.report().providers()).filteredOn(status -> status.id().equals("<unknown provider>"))
                .singleElement().satisfies(status -> {
                    assertThat(status.available()).isFalse();
                    assertThat(status.unavailableReason()).isEqualTo("failed to load: "
                            + "java.util.ServiceConfigurationError: org.verbs4j.spi.VerbsProvider: Provider "
                            + FIXTURE + ".MissingProvider not found");
                });
    }

    @Test
    @DisplayName("a provider whose constructor throws is reported by class name with the cause")
    void throwingConstructorIsReported() {
        SelectionReport report = registry.report();

        assertThat(report.providers())
                .filteredOn(status -> status.id().equals(FIXTURE + ".ThrowingConstructorProvider"))
                .singleElement().satisfies(status -> {
                    assertThat(status.chosen()).isFalse();
                    assertThat(status.unavailableReason())
                            .startsWith("failed to load: java.util.ServiceConfigurationError: ")
                            .contains("could not be instantiated")
                            .endsWith("(caused by java.lang.IllegalStateException: driver probe failed in the"
                                    + " constructor)");
                });
        assertThat(report.providers()).hasSize(3);
    }

    @Test
    @DisplayName("the registry is the DeviceCatalog service that Verbs finds, on the class path or the module path")
    void registryIsTheCatalogService() {
        assertThat(Verbs.catalog()).isInstanceOf(ProviderRegistry.class);
    }
}
