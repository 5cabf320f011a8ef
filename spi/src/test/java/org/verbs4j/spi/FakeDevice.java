package org.verbs4j.spi;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.verbs4j.Device;

/**
 * A device that only has a name and a provider id. It is a {@link Proxy}, so that it keeps
 * compiling while the {@link Device} interface grows; every other method throws.
 */
public final class FakeDevice implements InvocationHandler {

    private final String name;
    private final String providerId;

    private FakeDevice(String name, String providerId) {
        this.name = name;
        this.providerId = providerId;
    }

    /**
     * @param name the device name
     * @param providerId the id of the provider that offers it
     * @return a device with that name
     */
    public static Device of(String name, String providerId) {
        return (Device) Proxy.newProxyInstance(Device.class.getClassLoader(), new Class<?>[] {Device.class},
                new FakeDevice(name, providerId));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "name" -> name;
            case "providerId" -> providerId;
            case "toString" -> providerId + ":" + name;
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> throw new UnsupportedOperationException(method.getName() + " is not faked");
        };
    }
}
