package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.verbs4j.spi.DefaultSelectionTest.names;
import static org.verbs4j.spi.FakeProvider.generic;
import static org.verbs4j.spi.FakeProvider.software;
import static org.verbs4j.spi.FakeProvider.unavailable;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.verbs4j.Errno;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.VerbsException;

@DisplayName("verbs4j.providers=hardware: never the software emulator")
class HardwareOnlySelectionTest {

    private static ProviderRegistry registry(Map<String, String> environment, VerbsProvider... providers) {
        return new ProviderRegistry(List.of(providers), ProviderSelection.from(null, environment));
    }

    private static final Map<String, String> HARDWARE = Map.of(ProviderSelection.ENVIRONMENT_VARIABLE, "hardware");

    @Test
    @DisplayName("with no hardware device, devices() fails with ENODEV and says why each hardware provider was unavailable")
    void noFallbackToSoftware() {
        ProviderRegistry registry = registry(HARDWARE,
                unavailable("generic", ProviderKind.GENERIC, "ibv_get_device_list failed: Function not implemented"),
                unavailable("efa", ProviderKind.VENDOR, "libefa.so.1 not found"),
                software("soft", "soft0"));

        assertThatThrownBy(registry::devices).isInstanceOfSatisfying(VerbsException.class, e -> {
            assertThat(e.errno()).isEqualTo(Errno.ENODEV.value());
            assertThat(e.operation()).isEqualTo("provider selection");
            assertThat(e.getMessage()).endsWith("no hardware provider offers a device, and"
                    + " VERBS4J_PROVIDERS=hardware forbids the software emulator;"
                    + " efa: libefa.so.1 not found; generic: ibv_get_device_list failed: Function not implemented");
        });
        assertThat(registry.report().chosen()).isEmpty();
    }

    @Test
    @DisplayName("an available hardware provider without devices is named as such")
    void availableButEmpty() {
        ProviderRegistry registry = registry(HARDWARE, generic("generic"), software("soft", "soft0"));

        assertThatThrownBy(registry::devices).hasMessageEndingWith("emulator; generic: offers no device");
    }

    @Test
    @DisplayName("with no hardware provider at all, the message says so")
    void noHardwareProvider() {
        ProviderRegistry registry = registry(HARDWARE, software("soft", "soft0"));

        assertThatThrownBy(registry::devices)
                .hasMessageEndingWith("no hardware provider was found on the class path or module path");
    }

    @Test
    @DisplayName("hardware devices are served in the default order")
    void hardwareDevicesAreUsed() {
        ProviderRegistry registry = registry(HARDWARE, generic("generic", "rxe0"), software("soft", "soft0"));

        assertThat(names(registry.devices())).containsExactly("rxe0");
        assertThat(registry.report().selectionRule()).startsWith("hardware only:");
    }

    @Test
    @DisplayName("'hardware' mixed with provider ids is a configuration error")
    void hardwareIsAlone() {
        assertThatThrownBy(() -> ProviderSelection.from("hardware,soft", Map.of()))
                .isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("verbs4j.providers=hardware,soft mixes 'hardware' with provider ids");
    }
}
