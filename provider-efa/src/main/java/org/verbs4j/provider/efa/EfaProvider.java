package org.verbs4j.provider.efa;

import org.verbs4j.provider.efa.raw.Libefa;
import org.verbs4j.provider.generic.vendor.DeviceRecognition;
import org.verbs4j.provider.generic.vendor.VendorProbe;
import org.verbs4j.provider.generic.vendor.VendorProvider;

/**
 * The EFA provider: the generic binding plus libefa.so.1 direct verbs, for the devices whose PCI vendor is
 * Amazon (0x1d0f), as rdma-core's EFA tests recognise them.
 */
@SuppressWarnings("exports")
public final class EfaProvider extends VendorProvider {

    /** The provider id. */
    public static final String ID = "efa";

    /** The PCI vendor id of Amazon, whose devices EFA is. */
    static final int AMAZON = 0x1d0f;

    /** Creates the provider; nothing native is touched until it is asked for its availability. */
    public EfaProvider() {
        super(ID, new VendorProbe(Libefa.SONAME, DeviceRecognition.pciVendor(AMAZON), "EFA"),
                new EfaDirectVerbs(Libefa::get));
    }
}
