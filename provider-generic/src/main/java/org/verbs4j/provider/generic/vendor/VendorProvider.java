package org.verbs4j.provider.generic.vendor;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

/**
 * A vendor provider built on the generic binding: it claims the devices it recognises when its
 * direct-verbs library loads ({@link VendorProbe}), and opens them with the generic objects, its
 * {@link DirectVerbs} taking the place of libibverbs where the vendor's library must.
 */
public abstract class VendorProvider implements VerbsProvider {

    private final String id;
    private final VendorProbe probe;
    private final DirectVerbs directVerbs;

    /**
     * @param id the provider id
     * @param probe how the provider recognises its library and devices
     * @param directVerbs the vendor's hooks; {@link DirectVerbs#GENERIC} for none yet
     */
    protected VendorProvider(String id, VendorProbe probe, DirectVerbs directVerbs) {
        this.id = id;
        this.probe = probe;
        this.directVerbs = directVerbs;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final ProviderKind kind() {
        return ProviderKind.VENDOR;
    }

    @Override
    public final Availability availability() {
        return probe.availability();
    }

    @Override
    public final List<Device> devices() {
        return probe.claimedDevices().stream().<Device>map(device -> new ListedDevice(device, id, directVerbs))
                .toList();
    }
}
