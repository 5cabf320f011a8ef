package org.verbs4j.provider.generic.binding;

/**
 * The libibverbs library and the bindings built on it, loaded once per JVM on first use.
 */
public final class Ibverbs {

    /** The soname of libibverbs. */
    public static final String SONAME = "libibverbs.so.1";

    private static Ibverbs instance;

    private final DeviceListBinding deviceList;

    private Ibverbs(NativeLibrary library) {
        this.deviceList = new DeviceListBinding(library);
    }

    /**
     * @return the shared instance, loading libibverbs on first use
     * @throws org.verbs4j.UnsupportedVerbException if libibverbs cannot be loaded (on every call)
     */
    public static synchronized Ibverbs get() {
        if (instance == null) {
            instance = new Ibverbs(NativeLibrary.load(SONAME));
        }
        return instance;
    }

    /** @return the device-list binding */
    public DeviceListBinding deviceList() {
        return deviceList;
    }
}
