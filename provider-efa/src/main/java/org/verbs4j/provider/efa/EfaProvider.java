package org.verbs4j.provider.efa;

import org.verbs4j.provider.generic.vendor.VendorProbe;
import org.verbs4j.provider.generic.vendor.VendorProvider;

/**
 * The EFA provider: the generic binding plus libefa.so.1 direct verbs, for devices bound to the
 * {@code efa} kernel driver.
 */
public final class EfaProvider extends VendorProvider {

    /** The provider id. */
    public static final String ID = "efa";

    /** Creates the provider; nothing native is touched until it is asked for its availability. */
    public EfaProvider() {
        super(ID, new VendorProbe("libefa.so.1", "efa", "EFA"));
    }
}
