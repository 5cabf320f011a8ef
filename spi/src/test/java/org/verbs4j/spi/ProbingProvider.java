package org.verbs4j.spi;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.verbs4j.Device;

/** A provider that counts how often it was asked for its availability and devices. */
final class ProbingProvider implements VerbsProvider {

    private final FakeProvider answers;
    private final AtomicInteger probes = new AtomicInteger();

    ProbingProvider(FakeProvider answers) {
        this.answers = answers;
    }

    /** @return how many times availability() or devices() was called */
    int probes() {
        return probes.get();
    }

    @Override
    public String id() {
        return answers.id();
    }

    @Override
    public ProviderKind kind() {
        return answers.kind();
    }

    @Override
    public Availability availability() {
        probes.incrementAndGet();
        return answers.availability();
    }

    @Override
    public List<Device> devices() {
        probes.incrementAndGet();
        return answers.devices();
    }
}
