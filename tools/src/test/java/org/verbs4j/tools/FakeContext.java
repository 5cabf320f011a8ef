package org.verbs4j.tools;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import org.verbs4j.Capabilities;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.GidEntry;
import org.verbs4j.PortAttributes;
import org.verbs4j.VendorAttribute;

/**
 * A context that answers the queries the tools make from fixed values. It is a dynamic proxy so
 * that it keeps compiling while {@link Context} grows; any verb it does not know throws.
 */
final class FakeContext implements InvocationHandler {

    private final Device device;
    private final DeviceAttributes attributes;
    private final Map<Integer, PortAttributes> ports;
    private final Map<Integer, List<GidEntry>> gids;
    private final Capabilities capabilities;
    private final int numCompVectors;
    private List<VendorAttribute> vendorAttributes = List.of();
    private boolean closed;

    private FakeContext(Device device, DeviceAttributes attributes, Map<Integer, PortAttributes> ports,
                        Map<Integer, List<GidEntry>> gids, Capabilities capabilities, int numCompVectors) {
        this.device = device;
        this.attributes = attributes;
        this.ports = ports;
        this.gids = gids;
        this.capabilities = capabilities;
        this.numCompVectors = numCompVectors;
    }

    /**
     * @return a context on {@code device}; {@code queryPort} of a port missing from {@code ports} throws
     */
    static Context create(Device device, DeviceAttributes attributes, Map<Integer, PortAttributes> ports,
                          Map<Integer, List<GidEntry>> gids, Capabilities capabilities, int numCompVectors) {
        return (Context) Proxy.newProxyInstance(FakeContext.class.getClassLoader(), new Class<?>[] {Context.class},
                new FakeContext(device, attributes, ports, gids, capabilities, numCompVectors));
    }

    /**
     * @return {@code context}, a fake context, now also reporting {@code vendorAttributes}
     */
    static Context withVendorAttributes(Context context, List<VendorAttribute> vendorAttributes) {
        ((FakeContext) Proxy.getInvocationHandler(context)).vendorAttributes = List.copyOf(vendorAttributes);
        return context;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "device" -> device;
            case "queryDevice" -> attributes;
            case "queryPort" -> port((Integer) args[0]);
            case "queryGidTable" -> gids.getOrDefault((Integer) args[0], List.of());
            case "numCompVectors" -> numCompVectors;
            case "capabilities" -> capabilities;
            case "vendorAttributes" -> vendorAttributes;
            case "isClosed" -> closed;
            case "close" -> {
                closed = true;
                yield null;
            }
            case "toString" -> "FakeContext[" + device.name() + "]";
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> throw new UnsupportedOperationException("FakeContext does not implement " + method.getName());
        };
    }

    private PortAttributes port(int portNum) {
        PortAttributes port = ports.get(portNum);
        if (port == null) {
            throw new IllegalStateException("port " + portNum + " is broken");
        }
        return port;
    }
}
