package org.verbs4j.provider.mlx5;

import org.verbs4j.provider.generic.vendor.VendorProbe;
import org.verbs4j.provider.generic.vendor.VendorProvider;

/**
 * The ConnectX (mlx5) provider: the generic binding plus libmlx5.so.1 direct verbs, for devices bound to the
 * {@code mlx5_core} kernel driver.
 */
public final class Mlx5Provider extends VendorProvider {

    /** The provider id. */
    public static final String ID = "mlx5";

    /** Creates the provider; nothing native is touched until it is asked for its availability. */
    public Mlx5Provider() {
        super(ID, new VendorProbe("libmlx5.so.1", "mlx5_core", "ConnectX (mlx5)"));
    }
}
