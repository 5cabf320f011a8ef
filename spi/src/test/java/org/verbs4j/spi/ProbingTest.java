package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.verbs4j.spi.DefaultSelectionTest.names;
import static org.verbs4j.spi.DefaultSelectionTest.status;
import static org.verbs4j.spi.FakeProvider.generic;
import static org.verbs4j.spi.FakeProvider.software;
import static org.verbs4j.spi.FakeProvider.vendor;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Providers the selection excludes are never asked for their availability or devices")
class ProbingTest {

    private final ProbingProvider generic = new ProbingProvider(generic("generic", "rxe0"));
    private final ProbingProvider mlx5 = new ProbingProvider(vendor("mlx5", "mlx5_0"));
    private final ProbingProvider soft = new ProbingProvider(software("soft", "soft0"));

    private ProviderRegistry registry(String property) {
        return new ProviderRegistry(List.of(generic, mlx5, soft), ProviderSelection.from(property, Map.of()));
    }

    @Test
    @DisplayName("verbs4j.providers=soft probes soft alone (no native library is loaded for the others)")
    void onlyTheNamedProviderIsProbed() {
        ProviderRegistry registry = registry("soft");

        assertThat(names(registry.devices())).containsExactly("soft0");
        assertThat(soft.probes()).isPositive();
        assertThat(generic.probes()).isZero();
        assertThat(mlx5.probes()).isZero();
        assertThat(status(registry.report(), "mlx5").unavailableReason())
                .isEqualTo("not probed: not named in verbs4j.providers");
    }

    @Test
    @DisplayName("the default order probes every provider")
    void defaultOrderProbesAll() {
        registry(null).devices();

        assertThat(List.of(generic.probes(), mlx5.probes(), soft.probes())).allMatch(count -> count > 0);
    }

    @Test
    @DisplayName("hardware mode does not probe software providers")
    void hardwareModeLeavesSoftwareAlone() {
        ProviderRegistry registry = registry("hardware");

        assertThat(names(registry.devices())).containsExactly("mlx5_0", "rxe0");
        assertThat(soft.probes()).isZero();
        assertThat(status(registry.report(), "soft").selectionReason())
                .isEqualTo("not chosen: software providers are not used with verbs4j.providers=hardware");
    }

    @Test
    @DisplayName("provider ids in the setting are not case-sensitive")
    void idsIgnoreCase() {
        assertThat(names(registry(" SOFT ").devices())).containsExactly("soft0");
        assertThat(generic.probes()).isZero();
    }
}
