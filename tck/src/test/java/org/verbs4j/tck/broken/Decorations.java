package org.verbs4j.tck.broken;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The decorated objects a broken provider hands out in place of the real ones. Whatever the kit passes
 * back to the real provider (as an argument, or inside an attributes record) is unwrapped first, so the
 * real provider only ever sees its own objects.
 */
final class Decorations {

    private final Map<Object, Object> realOf = Collections.synchronizedMap(new IdentityHashMap<>());

    /**
     * @param type the interface to decorate
     * @param real the real object
     * @param handler handles the calls; {@link #forward} passes a call on to the real object
     * @param <T> the interface
     * @return the decorated object
     */
    <T> T decorate(Class<T> type, T real, InvocationHandler handler) {
        T decorated = type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
        realOf.put(decorated, real);
        return decorated;
    }

    /** Calls {@code method} on {@code real} with unwrapped arguments, rethrowing what it throws. */
    Object forward(Object real, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(real, unwrapAll(args));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private Object[] unwrapAll(Object[] args) throws ReflectiveOperationException {
        if (args == null) {
            return null;
        }
        Object[] unwrapped = Arrays.copyOf(args, args.length);
        for (int i = 0; i < args.length; i++) {
            unwrapped[i] = unwrap(args[i]);
        }
        return unwrapped;
    }

    private Object unwrap(Object value) throws ReflectiveOperationException {
        Object real = realOf.get(value);
        if (real != null) {
            return real;
        }
        return value instanceof Record record ? unwrapRecord(record) : value;
    }

    private Object unwrapRecord(Record record) throws ReflectiveOperationException {
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        boolean changed = false;
        for (int i = 0; i < components.length; i++) {
            Object value = components[i].getAccessor().invoke(record);
            values[i] = realOf.getOrDefault(value, value);
            types[i] = components[i].getType();
            changed |= values[i] != value;
        }
        if (!changed) {
            return record;
        }
        Constructor<?> canonical = record.getClass().getDeclaredConstructor(types);
        return canonical.newInstance(values);
    }
}
