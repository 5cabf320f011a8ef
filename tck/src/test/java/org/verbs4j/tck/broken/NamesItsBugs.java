package org.verbs4j.tck.broken;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.KnownDeviceBug;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

/** A provider that names known bugs of its devices itself, as the generic provider names rxe's. */
final class NamesItsBugs implements VerbsProvider {

    private final VerbsProvider provider;
    private final List<KnownDeviceBug> bugs;

    NamesItsBugs(VerbsProvider provider, List<KnownDeviceBug> bugs) {
        this.provider = provider;
        this.bugs = bugs;
    }

    @Override
    public String id() {
        return provider.id();
    }

    @Override
    public ProviderKind kind() {
        return provider.kind();
    }

    @Override
    public Availability availability() {
        return provider.availability();
    }

    @Override
    public List<Device> devices() {
        return provider.devices();
    }

    @Override
    public List<KnownDeviceBug> knownBugs(Device device) {
        return bugs;
    }
}
