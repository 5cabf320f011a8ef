package org.verbs4j;

import java.util.List;
import java.util.ServiceLoader;

/**
 * The entry point: lists the RDMA devices that the installed providers offer and opens them.
 *
 * {@snippet class=org.verbs4j.examples.RcPingPong region=scope}
 * The package overview links complete programs, from device to completion.
 *
 * <p>The devices come from the default {@link DeviceCatalog}, which the {@code verbs4j-spi}
 * module supplies: it discovers providers with {@link ServiceLoader} and chooses one provider
 * for each device (see {@link DeviceCatalog#report()} for what was chosen and why).
 */
public final class Verbs {

    private static DeviceCatalog defaultCatalog;

    private Verbs() {
    }

    /**
     * @return the default device catalog, created on first use
     * @throws UnsupportedVerbException if no catalog implementation (the {@code verbs4j-spi} module)
     *     is on the class path or module path
     */
    public static synchronized DeviceCatalog catalog() {
        if (defaultCatalog == null) {
            defaultCatalog = loadCatalog();
        }
        return defaultCatalog;
    }

    /** @return every device of the default catalog, in the order of {@link DeviceCatalog#devices()} */
    public static List<Device> devices() {
        return catalog().devices();
    }

    /**
     * Opens a device by name (the C {@code ibv_open_device}).
     *
     * @param deviceName a device name such as {@code "mlx5_0"}, {@code "rxe0"} or {@code "soft0"}
     * @return a new context, which the caller closes
     * @throws InvalidArgumentException if no device has that name
     */
    public static Context open(String deviceName) {
        return catalog().open(deviceName);
    }

    /**
     * The connection manager (librdmacm) of the default catalog: that of the first device's provider that has
     * one ({@link DeviceCatalog#connectionManager()}).
     *
     * @return the connection manager
     * @throws UnsupportedVerbException if no installed provider offers connection management
     */
    public static org.verbs4j.cm.ConnectionManager connectionManager() {
        return catalog().connectionManager();
    }

    private static DeviceCatalog loadCatalog() {
        return ServiceLoader.load(DeviceCatalog.class, Verbs.class.getClassLoader())
                .findFirst()
                .orElseThrow(() -> new UnsupportedVerbException("Verbs.catalog",
                        "no DeviceCatalog implementation found: add the verbs4j-spi module and a provider"));
    }
}
