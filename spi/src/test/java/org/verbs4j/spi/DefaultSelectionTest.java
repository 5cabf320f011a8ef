package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.verbs4j.spi.FakeProvider.generic;
import static org.verbs4j.spi.FakeProvider.software;
import static org.verbs4j.spi.FakeProvider.unavailable;
import static org.verbs4j.spi.FakeProvider.vendor;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.verbs4j.Device;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ProviderStatus;
import org.verbs4j.SelectionReport;

@DisplayName("The default selection: vendor, then generic, software only when nothing else offers a device")
class DefaultSelectionTest {

    static ProviderRegistry registry(VerbsProvider... providers) {
        return new ProviderRegistry(List.of(providers), ProviderSelection.defaults());
    }

    static List<String> names(List<Device> devices) {
        return devices.stream().map(Device::name).toList();
    }

    static ProviderStatus status(SelectionReport report, String id) {
        return report.providers().stream().filter(status -> status.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    @DisplayName("a vendor provider serves its own devices; generic serves the rest and reports the one it lost")
    void vendorBeatsGeneric() {
        ProviderRegistry registry = registry(generic("generic", "mlx5_0", "rxe0"),
                vendor("mlx5", "mlx5_0"));

        assertThat(registry.devices()).extracting(Device::name, Device::providerId)
                .containsExactly(tuple("mlx5_0", "mlx5"),
                        tuple("rxe0", "generic"));
        assertThat(status(registry.report(), "mlx5"))
                .isEqualTo(new ProviderStatus("mlx5", true, "", true, "chosen for mlx5_0", List.of("mlx5_0")));
        assertThat(status(registry.report(), "generic")).isEqualTo(new ProviderStatus("generic", true, "", true,
                "chosen for rxe0; not chosen for mlx5_0: served by mlx5", List.of("rxe0")));
    }

    @Test
    @DisplayName("a generic provider whose every device is taken is reported as not chosen")
    void genericLosesEverything() {
        ProviderRegistry registry = registry(generic("generic", "mlx5_0"), vendor("mlx5", "mlx5_0"));

        ProviderStatus generic = status(registry.report(), "generic");
        assertThat(generic.chosen()).isFalse();
        assertThat(generic.deviceNames()).isEmpty();
        assertThat(generic.selectionReason()).isEqualTo("not chosen for mlx5_0: served by mlx5");
        assertThat(registry.report().chosen()).extracting(ProviderStatus::id).containsExactly("mlx5");
    }

    @Test
    @DisplayName("providers are ordered by kind, then by id, whatever the discovery order")
    void deterministicOrder() {
        ProviderRegistry registry = registry(software("soft", "soft0"), generic("generic", "rxe0"),
                vendor("mlx5", "mlx5_0"), vendor("efa", "efa_0"));

        assertThat(names(registry.devices())).containsExactly("efa_0", "mlx5_0", "rxe0");
        assertThat(registry.report().providers()).extracting(ProviderStatus::id)
                .containsExactly("efa", "mlx5", "generic", "soft");
        assertThat(registry.report().selectionRule()).startsWith("default order: vendor providers, then generic");
    }

    @Test
    @DisplayName("two generic providers offering the same device is an error that names both and verbs4j.providers")
    void sameKindIsAmbiguous() {
        ProviderRegistry registry = registry(generic("generic", "rxe0"), generic("rxe", "rxe0"));

        assertThatThrownBy(registry::devices).isInstanceOfSatisfying(InvalidArgumentException.class, e -> {
            assertThat(e.operation()).isEqualTo("provider selection");
            assertThat(e.getMessage()).contains("device 'rxe0' is offered by two generic providers", "'generic'",
                    "'rxe'", FakeProvider.class.getName(), "set verbs4j.providers");
        });
    }

    @Test
    @DisplayName("two vendor providers offering the same device is an error too")
    void twoVendorsAreAmbiguous() {
        ProviderRegistry registry = registry(vendor("mlx5", "mlx5_0"), vendor("other", "mlx5_0"),
                generic("generic", "mlx5_0"));

        assertThatThrownBy(registry::report).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("device 'mlx5_0' is offered by two vendor providers, 'mlx5'")
                .hasMessageContaining("and 'other'");
    }

    @Test
    @DisplayName("a software provider is not used while another provider offers a device")
    void softwareHeldBack() {
        ProviderRegistry registry = registry(software("soft", "soft0"), generic("generic", "rxe0"));

        assertThat(names(registry.devices())).containsExactly("rxe0");
        ProviderStatus soft = status(registry.report(), "soft");
        assertThat(soft.available()).isTrue();
        assertThat(soft.chosen()).isFalse();
        assertThat(soft.selectionReason()).isEqualTo("not chosen: software providers are used only when no other"
                + " provider offers a device, or when named in verbs4j.providers");
    }

    @Test
    @DisplayName("a software provider is used when no other provider is available")
    void softwareWhenNothingElse() {
        ProviderRegistry registry = registry(unavailable("generic", ProviderKind.GENERIC, "libibverbs.so.1 not found"),
                software("soft", "soft0", "soft1"));

        assertThat(registry.devices()).extracting(Device::name, Device::providerId)
                .containsExactly(tuple("soft0", "soft"),
                        tuple("soft1", "soft"));
        assertThat(status(registry.report(), "soft").selectionReason()).isEqualTo("chosen for soft0, soft1");
    }

    @Test
    @DisplayName("a software provider is used when the available providers offer no device")
    void softwareWhenOthersOfferNothing() {
        ProviderRegistry registry = registry(generic("generic"), software("soft", "soft0"));

        assertThat(names(registry.devices())).containsExactly("soft0");
        assertThat(status(registry.report(), "generic").selectionReason()).isEqualTo("not chosen: offers no devices");
    }

    @Test
    @DisplayName("with nothing available there are no devices, and the report says why for each provider")
    void noneAvailable() {
        ProviderRegistry registry = registry(unavailable("generic", ProviderKind.GENERIC, "libibverbs.so.1 not found"),
                unavailable("mlx5", ProviderKind.VENDOR, "no mlx5 device"),
                unavailable("soft", ProviderKind.SOFTWARE, "disabled"));

        assertThat(registry.devices()).isEmpty();
        SelectionReport report = registry.report();
        assertThat(report.noDevices()).isTrue();
        assertThat(report.chosen()).isEmpty();
        assertThat(report.providers()).containsExactly(
                new ProviderStatus("mlx5", false, "no mlx5 device", false,
                        "not chosen: unavailable: no mlx5 device", List.of()),
                new ProviderStatus("generic", false, "libibverbs.so.1 not found", false,
                        "not chosen: unavailable: libibverbs.so.1 not found", List.of()),
                new ProviderStatus("soft", false, "disabled", false, "not chosen: unavailable: disabled", List.of()));
    }

    @Test
    @DisplayName("with no provider at all there are no devices and an empty report")
    void noProviders() {
        ProviderRegistry registry = registry();

        assertThat(registry.devices()).isEmpty();
        assertThat(registry.report().providers()).isEmpty();
        assertThat(registry.device("rxe0")).isEmpty();
    }

    @Test
    @DisplayName("a device is found by name among the chosen devices")
    void deviceByName() {
        ProviderRegistry registry = registry(generic("generic", "rxe0"), vendor("mlx5", "mlx5_0"));

        assertThat(registry.device("rxe0")).map(Device::providerId).hasValue("generic");
        assertThatThrownBy(() -> registry.open("nothing")).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("no device named 'nothing'; devices: [mlx5_0, rxe0]");
    }

    @Test
    @DisplayName("a provider that lists a device twice offers it once")
    void repeatedDeviceOfOneProvider() {
        ProviderRegistry registry = registry(generic("generic", "rxe0", "rxe0"));

        assertThat(names(registry.devices())).containsExactly("rxe0");
        assertThat(status(registry.report(), "generic").selectionReason()).isEqualTo("chosen for rxe0");
    }
}
