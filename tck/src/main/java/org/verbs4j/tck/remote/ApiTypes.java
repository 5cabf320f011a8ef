package org.verbs4j.tck.remote;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Which types belong to the API, and reflection on its records. */
final class ApiTypes {

    private static final Set<String> PACKAGES = Set.of("org.verbs4j", "org.verbs4j.cm", "org.verbs4j.spi");

    private ApiTypes() {
    }

    /** @return whether {@code type} is a public type of an API package (its records cross as values) */
    static boolean isApiValue(Class<?> type) {
        return Modifier.isPublic(type.getModifiers()) && PACKAGES.contains(type.getPackageName());
    }

    private static final ClassValue<List<String>> INTERFACES = new ClassValue<>() {
        @Override
        protected List<String> computeValue(Class<?> type) {
            return findInterfaces(type);
        }
    };

    /** @return the names of the API interfaces {@code type} implements, directly or not */
    static List<String> interfacesOf(Class<?> type) {
        return INTERFACES.get(type);
    }

    private static List<String> findInterfaces(Class<?> type) {
        Set<Class<?>> found = new LinkedHashSet<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            collect(c.getInterfaces(), found);
        }
        List<String> names = new ArrayList<>();
        for (Class<?> each : found) {
            if (isApiValue(each) && !each.getPackageName().equals("org.verbs4j.spi")) {
                names.add(each.getName());
            }
        }
        return List.copyOf(names);
    }

    private static void collect(Class<?>[] interfaces, Set<Class<?>> found) {
        for (Class<?> each : interfaces) {
            if (found.add(each)) {
                collect(each.getInterfaces(), found);
            }
        }
    }

    static Object componentValue(Record record, RecordComponent component) throws IOException {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IOException("cannot read " + component + " of " + record.getClass().getName(), e);
        }
    }

    static Object construct(Class<?> type, Class<?>[] types, Object[] values) throws IOException {
        try {
            return type.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new IOException("cannot build a " + type.getName() + " from " + List.of(values), e);
        }
    }
}
