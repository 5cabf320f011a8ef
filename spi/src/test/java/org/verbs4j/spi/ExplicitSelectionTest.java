package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.verbs4j.spi.DefaultSelectionTest.names;
import static org.verbs4j.spi.DefaultSelectionTest.status;
import static org.verbs4j.spi.FakeProvider.generic;
import static org.verbs4j.spi.FakeProvider.software;
import static org.verbs4j.spi.FakeProvider.unavailable;
import static org.verbs4j.spi.FakeProvider.vendor;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ProviderStatus;

@DisplayName("An explicit list in verbs4j.providers: only those providers, the first that offers a device wins")
class ExplicitSelectionTest {

    private static ProviderRegistry registry(String list, VerbsProvider... providers) {
        return new ProviderRegistry(List.of(providers), ProviderSelection.from(list, Map.of()));
    }

    @Test
    @DisplayName("an explicit list resolves two providers of the same kind offering the same device")
    void resolvesAmbiguity() {
        ProviderRegistry registry = registry("rxe,generic", generic("generic", "rxe0"),
                generic("rxe", "rxe0"));

        assertThat(registry.devices()).singleElement().extracting(device -> device.providerId()).isEqualTo("rxe");
        assertThat(status(registry.report(), "generic").selectionReason())
                .isEqualTo("not chosen for rxe0: served by rxe");
        assertThat(registry.report().selectionRule()).isEqualTo("verbs4j.providers=rxe,generic: only these"
                + " providers, each device served by the first of them that offers it");
    }

    @Test
    @DisplayName("the list order overrides the kinds")
    void orderOfTheList() {
        ProviderRegistry registry = registry("generic, mlx5", vendor("mlx5", "mlx5_0", "mlx5_1"),
                generic("generic", "mlx5_0"));

        assertThat(registry.devices()).extracting(device -> device.name() + "@" + device.providerId())
                .containsExactly("mlx5_0@generic", "mlx5_1@mlx5");
        assertThat(registry.report().providers()).extracting(ProviderStatus::id).containsExactly("generic", "mlx5");
        assertThat(status(registry.report(), "mlx5").selectionReason())
                .isEqualTo("chosen for mlx5_1; not chosen for mlx5_0: served by generic");
    }

    @Test
    @DisplayName("a provider not in the list is reported, not probed and not used")
    void unnamedProviderIsNotUsed() {
        ProviderRegistry registry = registry("soft", generic("generic", "rxe0"),
                software("soft", "soft0"));

        assertThat(names(registry.devices())).containsExactly("soft0");
        assertThat(status(registry.report(), "generic"))
                .isEqualTo(new ProviderStatus("generic", false, "not probed: not named in verbs4j.providers", false,
                        "not chosen: not named in verbs4j.providers", List.of()));
        assertThat(registry.report().providers()).extracting(ProviderStatus::id).containsExactly("soft", "generic");
    }

    @Test
    @DisplayName("a named provider that is missing is an error that lists the providers found")
    void missingNamedProvider() {
        ProviderRegistry registry = registry("mlx5,efa", generic("generic", "rxe0"),
                vendor("mlx5", "mlx5_0"));

        assertThatThrownBy(registry::devices).isInstanceOfSatisfying(InvalidArgumentException.class, e -> {
            assertThat(e.operation()).isEqualTo("provider selection");
            assertThat(e.getMessage())
                    .endsWith("provider 'efa' named in verbs4j.providers was not found; found: [generic, mlx5]");
        });
    }

    @Test
    @DisplayName("a missing provider named in the environment variable names the variable")
    void missingProviderFromEnvironment() {
        ProviderRegistry registry = new ProviderRegistry(List.of(generic("generic", "rxe0")),
                ProviderSelection.from(null, Map.of(ProviderSelection.ENVIRONMENT_VARIABLE, "sotf")));

        assertThatThrownBy(registry::report).isInstanceOf(InvalidArgumentException.class)
                .hasMessageEndingWith("provider 'sotf' named in VERBS4J_PROVIDERS was not found; found: [generic]");
    }

    @Test
    @DisplayName("a named provider that is unavailable is reported with its reason; the next one serves")
    void namedButUnavailable() {
        ProviderRegistry registry = registry("mlx5,generic", unavailable("mlx5", ProviderKind.VENDOR,
                "libmlx5.so.1 not found"), generic("generic", "mlx5_0"));

        assertThat(names(registry.devices())).containsExactly("mlx5_0");
        assertThat(status(registry.report(), "mlx5")).isEqualTo(new ProviderStatus("mlx5", false,
                "libmlx5.so.1 not found", false, "not chosen: unavailable: libmlx5.so.1 not found", List.of()));
    }

    @Test
    @DisplayName("when every named provider is unavailable there are no devices")
    void allNamedUnavailable() {
        ProviderRegistry registry = registry("soft", unavailable("soft", ProviderKind.SOFTWARE, "disabled"),
                generic("generic", "rxe0"));

        assertThat(registry.devices()).isEmpty();
        assertThat(registry.report().noDevices()).isTrue();
    }
}
