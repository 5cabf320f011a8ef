package org.verbs4j.spi;

import java.util.List;
import java.util.function.Supplier;
import org.verbs4j.Device;

/**
 * A provider of the generic kind whose one chosen method throws.
 *
 * @param id the provider id
 * @param failingMethod the method that throws: {@code "id"}, {@code "availability"} or {@code "devices"}
 * @param failure what it throws: a {@link RuntimeException} or an {@link Error}
 */
record ThrowingProvider(String id, String failingMethod, Supplier<? extends Throwable> failure)
        implements VerbsProvider {

    @Override
    public String id() {
        return call("id", id);
    }

    @Override
    public ProviderKind kind() {
        return ProviderKind.GENERIC;
    }

    @Override
    public Availability availability() {
        return call("availability", Availability.AVAILABLE);
    }

    @Override
    public List<Device> devices() {
        return call("devices", List.of(FakeDevice.of("rxe9", id)));
    }

    private <T> T call(String method, T value) {
        if (!method.equals(failingMethod)) {
            return value;
        }
        Throwable thrown = failure.get();
        if (thrown instanceof Error error) {
            throw error;
        }
        throw (RuntimeException) thrown;
    }
}
