package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.verbs4j.spi.FakeProvider.generic;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.verbs4j.Device;
import org.verbs4j.InvalidArgumentException;

@DisplayName("A registry discovers and selects once, lazily, and is thread-safe")
class SelectionCachingTest {

    private final AtomicInteger discoveries = new AtomicInteger();

    private ProviderRegistry countingRegistry(VerbsProvider... providers) {
        return new ProviderRegistry(() -> {
            discoveries.incrementAndGet();
            return Stream.of(providers).map(FakeCandidate::of);
        }, ProviderSelection.defaults());
    }

    @Test
    @DisplayName("nothing is discovered before the first call, and only once after")
    void discoversOnce() {
        ProviderRegistry registry = countingRegistry(generic("generic", "rxe0"));
        assertThat(discoveries).hasValue(0);

        List<Device> first = registry.devices();
        registry.report();

        assertThat(registry.devices()).isSameAs(first);
        assertThat(discoveries).hasValue(1);
    }

    @Test
    @DisplayName("concurrent first calls share one discovery")
    void concurrentCalls() throws Exception {
        VerbsProvider provider = generic("generic", "rxe0");
        ProviderRegistry registry = new ProviderRegistry(() -> {
            discoveries.incrementAndGet();
            pause(); // a slow discovery: the other first calls arrive while it runs
            return Stream.of(provider).map(FakeCandidate::of);
        }, ProviderSelection.defaults());
        CyclicBarrier together = new CyclicBarrier(8);
        Callable<List<Device>> call = () -> {
            together.await(5, TimeUnit.SECONDS);
            return registry.devices();
        };
        try (ExecutorService executor = Executors.newFixedThreadPool(8)) {
            List<Future<List<Device>>> results =
                    executor.invokeAll(IntStream.range(0, 8).mapToObj(i -> call).toList());
            for (Future<List<Device>> result : results) {
                assertThat(result.get()).isSameAs(registry.devices());
            }
        }
        assertThat(discoveries).hasValue(1);
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    @DisplayName("a selection that fails is tried again on the next call")
    void failureIsNotKept() {
        ProviderRegistry registry = countingRegistry(generic("a", "rxe0"), generic("b", "rxe0"));

        assertThatThrownBy(registry::devices).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(registry::devices).isInstanceOf(InvalidArgumentException.class);
        assertThat(discoveries).hasValue(2);
    }

    @Test
    @DisplayName("the returned lists cannot be changed")
    void immutableResults() {
        ProviderRegistry registry = countingRegistry(generic("generic", "rxe0"));

        assertThatThrownBy(() -> registry.devices().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> registry.report().providers().clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
