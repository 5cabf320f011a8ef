package org.verbs4j.tck;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.verbs4j.VerbsObject;

/**
 * The bad values the sweep gives each parameter type: null for every reference, negative, zero and huge numbers,
 * empty and null-holding collections, a segment of a closed arena, a heap segment, durations below zero and of a
 * century, and an object of the parameter's api type that is closed. A type it has no values for has no case.
 */
final class BadArguments {

    private final SweepWorld closed;

    /** @param closed the world whose objects are closed, the source of the closed-object arguments */
    BadArguments(SweepWorld closed) {
        this.closed = closed;
    }

    /** @return the bad values of {@code type}, or empty if the sweep has none for it (no case) */
    Optional<List<Object>> of(Class<?> type) {
        List<Object> values = new ArrayList<>();
        if (type == int.class) {
            values.addAll(List.of(-1, 0, Integer.MAX_VALUE, Integer.MIN_VALUE));
        } else if (type == long.class) {
            values.addAll(List.of(-1L, 0L, Long.MAX_VALUE, Long.MIN_VALUE));
        } else if (type == boolean.class) {
            values.addAll(List.of(true, false));
        } else if (type.isPrimitive()) {
            return Optional.empty();
        } else {
            values.add(null);
            if (!addReference(type, values)) {
                return Optional.empty();
            }
        }
        return Optional.of(values);
    }

    /** Adds the bad values of a reference type besides null; @return whether the type is known */
    private boolean addReference(Class<?> type, List<Object> values) {
        if (type == Duration.class) {
            values.addAll(List.of(Duration.ofMillis(-1), Duration.ZERO, Duration.ofDays(36_500)));
        } else if (type == MemorySegment.class) {
            values.addAll(List.of(closed.deadSegment(), MemorySegment.ofArray(new byte[16]), MemorySegment.NULL));
        } else if (Collection.class.isAssignableFrom(type)) {
            values.addAll(List.of(type == Set.class ? Set.of() : List.of(), type == Set.class
                    ? new java.util.HashSet<>(Arrays.asList((Object) null)) : Arrays.asList((Object) null)));
        } else if (VerbsObject.class.isAssignableFrom(type)) {
            closed.closedInstance(type).ifPresent(values::add);
        } else if (type == Class.class || type == Object.class || type == String.class || type.isEnum()) {
            return true;
        } else {
            return type.getPackageName().equals("org.verbs4j");
        }
        return true;
    }

    /**
     * @param method a method of the api
     * @return the argument lists of its calls: each parameter in turn takes each of its bad values, the others
     *     their first bad value; empty if a parameter's type has no bad values (the method has no case)
     */
    Optional<List<Object[]>> calls(Method method) {
        Parameter[] parameters = method.getParameters();
        List<List<Object>> perParameter = new ArrayList<>();
        for (Parameter parameter : parameters) {
            Optional<List<Object>> values = of(parameter.getType());
            if (values.isEmpty()) {
                return Optional.empty();
            }
            perParameter.add(values.get());
        }
        List<Object[]> calls = new ArrayList<>();
        if (parameters.length == 0) {
            calls.add(new Object[0]);
        }
        for (int i = 0; i < parameters.length; i++) {
            for (Object value : perParameter.get(i)) {
                Object[] arguments = new Object[parameters.length];
                for (int j = 0; j < parameters.length; j++) {
                    arguments[j] = j == i ? value : perParameter.get(j).get(0);
                }
                calls.add(arguments);
            }
        }
        return Optional.of(calls);
    }
}
