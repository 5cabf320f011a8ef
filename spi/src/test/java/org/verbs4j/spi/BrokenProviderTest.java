package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.verbs4j.spi.DefaultSelectionTest.names;
import static org.verbs4j.spi.DefaultSelectionTest.status;
import static org.verbs4j.spi.FakeProvider.generic;
import static org.verbs4j.spi.FakeProvider.vendor;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.verbs4j.Device;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ProviderStatus;

@DisplayName("A broken provider never breaks discovery; duplicate or invalid ids do")
class BrokenProviderTest {

    private static final FakeProvider GENERIC = generic("generic", "rxe0");

    private static ProviderRegistry registry(FakeCandidate... candidates) {
        return new ProviderRegistry(() -> Stream.of(candidates), ProviderSelection.defaults());
    }

    private static ProviderRegistry registry(VerbsProvider... providers) {
        return new ProviderRegistry(List.of(providers), ProviderSelection.defaults());
    }

    @Test
    @DisplayName("a provider whose constructor throws is reported as failed to load, with its class and cause")
    void constructorThrows() {
        ProviderRegistry registry = registry(FakeCandidate.throwing(ThrowingProvider.class,
                new IllegalStateException("no driver")), FakeCandidate.of(GENERIC));

        assertThat(names(registry.devices())).containsExactly("rxe0");
        assertThat(registry.report().providers()).extracting(ProviderStatus::id)
                .containsExactly("generic", ThrowingProvider.class.getName());
        ProviderStatus broken = status(registry.report(), ThrowingProvider.class.getName());
        assertThat(broken.available()).isFalse();
        assertThat(broken.chosen()).isFalse();
        assertThat(broken.selectionReason()).isEqualTo("not chosen: failed to load");
        assertThat(broken.unavailableReason()).isEqualTo("failed to load: java.util.ServiceConfigurationError: "
                + "org.verbs4j.spi.VerbsProvider: Provider " + ThrowingProvider.class.getName()
                + " could not be instantiated (caused by java.lang.IllegalStateException: no driver)");
    }

    @Test
    @DisplayName("a provider whose availability() throws is reported unavailable with the cause")
    void availabilityThrows() {
        ProviderRegistry registry = registry(new ThrowingProvider("broken", "availability",
                () -> new IllegalStateException("probe crashed")), GENERIC);

        assertThat(names(registry.devices())).containsExactly("rxe0");
        assertThat(status(registry.report(), "broken")).isEqualTo(new ProviderStatus("broken", false,
                "failed to load: java.lang.IllegalStateException: probe crashed", false,
                "not chosen: unavailable: failed to load: java.lang.IllegalStateException: probe crashed", List.of()));
    }

    @Test
    @DisplayName("a provider whose native library fails to link (UnsatisfiedLinkError) is reported unavailable")
    void availabilityThrowsLinkageError() {
        ProviderRegistry registry = registry(new ThrowingProvider("broken", "availability",
                () -> new UnsatisfiedLinkError("libibverbs.so.1: cannot open shared object file")), GENERIC);

        assertThat(names(registry.devices())).containsExactly("rxe0");
        assertThat(status(registry.report(), "broken").unavailableReason()).isEqualTo(
                "failed to load: java.lang.UnsatisfiedLinkError: libibverbs.so.1: cannot open shared object file");
    }

    @Test
    @DisplayName("a provider whose devices() throws is reported unavailable with the cause")
    void devicesThrows() {
        ProviderRegistry registry = registry(new ThrowingProvider("broken", "devices",
                () -> new IllegalArgumentException("bad sysfs entry")), GENERIC);

        assertThat(registry.devices()).extracting(Device::providerId).containsExactly("generic");
        ProviderStatus broken = status(registry.report(), "broken");
        assertThat(broken.available()).isFalse();
        assertThat(broken.unavailableReason())
                .isEqualTo("failed to load: java.lang.IllegalArgumentException: bad sysfs entry");
    }

    @Test
    @DisplayName("a provider whose id() throws is reported by its class name")
    void idThrows() {
        ProviderRegistry registry = registry(
                new ThrowingProvider("broken", "id", () -> new IllegalStateException("no id")), GENERIC);

        assertThat(names(registry.devices())).containsExactly("rxe0");
        assertThat(status(registry.report(), ThrowingProvider.class.getName()).unavailableReason())
                .isEqualTo("failed to load: java.lang.IllegalStateException: no id");
    }

    @Test
    @DisplayName("a provider that returns null from id(), availability() or devices() is reported as failed")
    void nullAnswers() {
        ProviderRegistry registry = registry(
                new FakeProvider(null, ProviderKind.VENDOR, Availability.AVAILABLE, List.of()),
                new FakeProvider("nothing", ProviderKind.VENDOR, null, List.of()),
                new FakeProvider("null-devices", ProviderKind.VENDOR, Availability.AVAILABLE, null), GENERIC);

        assertThat(names(registry.devices())).containsExactly("rxe0");
        assertThat(registry.report().providers()).extracting(ProviderStatus::id, ProviderStatus::unavailableReason)
                .contains(tuple(FakeProvider.class.getName(),
                                "failed to load: java.lang.NullPointerException: id() returned null"),
                        tuple("nothing",
                                "failed to load: java.lang.NullPointerException: availability() returned null"),
                        tuple("null-devices",
                                "failed to load: java.lang.NullPointerException: devices() returned null"));
    }

    @Test
    @DisplayName("a broken provider named in verbs4j.providers is reported with its cause, and serves nothing")
    void brokenProviderNamedExplicitly() {
        ProviderRegistry registry = new ProviderRegistry(List.of(new ThrowingProvider("broken", "devices",
                () -> new IllegalStateException("gone")), GENERIC), ProviderSelection.from("broken", Map.of()));

        assertThat(registry.devices()).isEmpty();
        assertThat(status(registry.report(), "broken").selectionReason())
                .isEqualTo("not chosen: unavailable: failed to load: java.lang.IllegalStateException: gone");
    }

    @Test
    @DisplayName("two providers with the same id are an error naming the id and both classes")
    void duplicateIds() {
        ProviderRegistry registry = registry(GENERIC,
                new ThrowingProvider("generic", "none", IllegalStateException::new));

        assertThatThrownBy(registry::devices).isInstanceOfSatisfying(InvalidArgumentException.class, e -> {
            assertThat(e.operation()).isEqualTo("provider discovery");
            assertThat(e.getMessage()).contains("two providers have the id 'generic': " + FakeProvider.class.getName()
                    + " and " + ThrowingProvider.class.getName());
        });
    }

    @Test
    @DisplayName("a provider id that is not lower case letters, digits and '-' is an error")
    void invalidId() {
        ProviderRegistry registry = registry(GENERIC, vendor("Mlx_5", "mlx5_0"));

        assertThatThrownBy(registry::report).isInstanceOfSatisfying(InvalidArgumentException.class, e -> {
            assertThat(e.operation()).isEqualTo("provider discovery");
            assertThat(e.getMessage())
                    .contains("provider id 'Mlx_5' of " + FakeProvider.class.getName() + " is not valid");
        });
    }

    @Test
    @DisplayName("ids with digits and hyphens are valid")
    void validIds() {
        ProviderRegistry registry = registry(vendor("mlx5"), generic("rdma-core-2"));

        assertThat(registry.report().providers()).extracting(ProviderStatus::id).containsExactly("mlx5", "rdma-core-2");
    }
}
