package org.verbs4j.provider.mlx5;

import org.verbs4j.provider.generic.vendor.DeviceRecognition;
import org.verbs4j.provider.generic.vendor.VendorProbe;
import org.verbs4j.provider.generic.vendor.VendorProvider;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;
import org.verbs4j.provider.mlx5.raw.Mlx5Library;

/**
 * The ConnectX (mlx5) provider: the generic binding plus libmlx5.so.1 direct verbs ({@link Mlx5Context}), for
 * the devices that libmlx5's own {@code mlx5dv_is_supported} accepts. The library is the one named by the
 * system property {@value Mlx5Library#PATH_PROPERTY}, {@value Mlx5Library#SONAME} by default. It is public for
 * {@code ServiceLoader} only; its supertype, the generic binding's, is not for applications.
 */
@SuppressWarnings("exports")
public final class Mlx5Provider extends VendorProvider {

    /** The provider id. */
    public static final String ID = "mlx5";

    /** Creates the provider; nothing native is touched until it is asked for its availability. */
    public Mlx5Provider() {
        super(ID, new VendorProbe(library(), DeviceRecognition.testedBy(library(), "mlx5dv_is_supported"),
                "ConnectX (mlx5)"), new Mlx5DirectVerbs(() -> new Mlx5Calls(Mlx5Library.system())));
    }

    private static String library() {
        return System.getProperty(Mlx5Library.PATH_PROPERTY, Mlx5Library.SONAME);
    }
}
