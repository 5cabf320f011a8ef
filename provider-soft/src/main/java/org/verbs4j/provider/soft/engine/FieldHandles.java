package org.verbs4j.provider.soft.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Variable handles on the fields of the device's classes, for release stores and compare-and-set. */
public final class FieldHandles {

    private FieldHandles() {
    }

    /**
     * @param lookup the lookup of the class that declares the field
     * @return a handle on the field {@code name} of type {@code type}
     */
    public static VarHandle of(MethodHandles.Lookup lookup, String name, Class<?> type) {
        try {
            return lookup.findVarHandle(lookup.lookupClass(), name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
