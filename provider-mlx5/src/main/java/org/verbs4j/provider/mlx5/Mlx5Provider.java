package org.verbs4j.provider.mlx5;

import org.verbs4j.provider.generic.vendor.DeviceRecognition;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.VendorProbe;
import org.verbs4j.provider.generic.vendor.VendorProvider;

/**
 * The ConnectX (mlx5) provider: the generic binding plus libmlx5.so.1 direct verbs, for the devices that
 * libmlx5's own {@code mlx5dv_is_supported} accepts.
 */
public final class Mlx5Provider extends VendorProvider {

    /** The provider id. */
    public static final String ID = "mlx5";

    private static final String LIBRARY = "libmlx5.so.1";

    /** Creates the provider; nothing native is touched until it is asked for its availability. */
    public Mlx5Provider() {
        super(ID, new VendorProbe(LIBRARY, DeviceRecognition.testedBy(LIBRARY, "mlx5dv_is_supported"),
                "ConnectX (mlx5)"), DirectVerbs.GENERIC);
    }
}
