package org.verbs4j.tck;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.verbs4j.VerbsObject;
import org.verbs4j.cm.AddressHints;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.PortSpace;

/**
 * The bad values the sweep gives each parameter type: null for every reference, negative, zero and huge numbers,
 * empty and null-holding collections, a segment of a closed arena, a heap segment, durations below zero and of a
 * century, and an object of the parameter's api type that is closed; for connection management, socket
 * addresses that are unresolved, of no device or the wildcard, non-multicast groups, private data too long, and
 * the port spaces and hints the soft devices do not offer. A type it has no values for has no case.
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
            values.addAll(List.of(Duration.ofMillis(-1), Duration.ZERO, Duration.ofDays(36_500),
                    Duration.ofSeconds(Long.MAX_VALUE), Duration.ofSeconds(Long.MIN_VALUE)));
        } else if (type == MemorySegment.class) {
            values.addAll(List.of(closed.deadSegment(), MemorySegment.ofArray(new byte[16]), MemorySegment.NULL));
        } else if (Collection.class.isAssignableFrom(type)) {
            values.addAll(List.of(type == Set.class ? Set.of() : List.of(), type == Set.class
                    ? new java.util.HashSet<>(Arrays.asList((Object) null)) : Arrays.asList((Object) null)));
        } else if (addConnectionManagement(type, values)) {
            return true;
        } else if (VerbsObject.class.isAssignableFrom(type)) {
            closed.closedInstance(type).ifPresent(values::add);
        } else if (type == Class.class || type == Object.class || type == String.class || type.isEnum()) {
            return true;
        } else {
            return type.getPackageName().equals("org.verbs4j");
        }
        return true;
    }

    /** Adds the bad values of a parameter type of connection management; @return whether it is one */
    private static boolean addConnectionManagement(Class<?> type, List<Object> values) {
        if (type == InetSocketAddress.class) {
            values.addAll(List.of(InetSocketAddress.createUnresolved("unresolved.invalid", 1),
                    new InetSocketAddress(address(192, 0, 2, 1), 1), new InetSocketAddress(address(0, 0, 0, 0), 0),
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 65_535)));
        } else if (type == InetAddress.class) {
            values.addAll(List.of(address(0, 0, 0, 0), address(192, 0, 2, 1), address(255, 255, 255, 255)));
        } else if (type == ConnParam.class) {
            values.addAll(List.of(ConnParam.defaults(), ConnParam.defaults().withPrivateData(
                    new byte[ConnParam.MAX_PRIVATE_DATA])));
        } else if (type == byte[].class) {
            values.addAll(List.of(new byte[0], new byte[ConnParam.MAX_PRIVATE_DATA + 1]));
        } else if (type == PortSpace.class) {
            values.addAll(List.of(PortSpace.IB, PortSpace.IPOIB));
        } else if (type == AddressHints.class) {
            values.addAll(List.of(new AddressHints(Set.of(), PortSpace.IB), AddressHints.passive()));
        } else {
            return false;
        }
        return true;
    }

    private static InetAddress address(int a, int b, int c, int d) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param method a method of the api
     * @return the argument lists of its calls: each parameter in turn takes each of its bad values, the others
     *     their first bad value (null for a reference), then, with several parameters, their second, so that a
     *     bad value is also seen past the null checks of the others; empty if a parameter's type has no bad
     *     values (the method has no case)
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
        addVaryingOne(perParameter, 0, calls);
        if (parameters.length > 1) {
            addVaryingOne(perParameter, 1, calls);
        }
        return Optional.of(calls);
    }

    /**
     * Adds, for each parameter in turn, a call with each of its values, the other parameters taking their value at
     * {@code baseline} (their last if they have fewer).
     */
    private static void addVaryingOne(List<List<Object>> perParameter, int baseline, List<Object[]> calls) {
        for (int i = 0; i < perParameter.size(); i++) {
            for (Object value : perParameter.get(i)) {
                Object[] arguments = new Object[perParameter.size()];
                for (int j = 0; j < arguments.length; j++) {
                    List<Object> others = perParameter.get(j);
                    arguments[j] = j == i ? value : others.get(Math.min(baseline, others.size() - 1));
                }
                calls.add(arguments);
            }
        }
    }
}
