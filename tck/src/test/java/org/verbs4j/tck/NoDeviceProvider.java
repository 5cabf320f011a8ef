package org.verbs4j.tck;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

/** A provider that cannot work on this machine, as a hardware provider on a host without its device. */
final class NoDeviceProvider implements VerbsProvider {

    static final String REASON = "libfake.so.1 not found";

    @Override
    public String id() {
        return "nodevice";
    }

    @Override
    public ProviderKind kind() {
        return ProviderKind.VENDOR;
    }

    @Override
    public Availability availability() {
        return Availability.unavailable(REASON);
    }

    @Override
    public List<Device> devices() {
        return List.of();
    }
}
