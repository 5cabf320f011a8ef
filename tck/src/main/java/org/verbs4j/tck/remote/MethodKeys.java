package org.verbs4j.tck.remote;

import java.io.IOException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/** Names a method of an API interface on the wire: its interface, name and parameter types. */
final class MethodKeys {

    private static final Map<String, Method> RESOLVED = new ConcurrentHashMap<>();

    private MethodKeys() {
    }

    static String key(Method method) {
        return method.getDeclaringClass().getName() + "#" + method.getName() + "("
                + Arrays.stream(method.getParameterTypes()).map(Class::getName).collect(Collectors.joining(",")) + ")";
    }

    /** @return a short name of the call, for messages */
    static String callName(Method method) {
        return method.getDeclaringClass().getSimpleName() + "." + method.getName();
    }

    static Method method(String key) throws IOException {
        Method method = RESOLVED.get(key);
        if (method == null) {
            method = find(key);
            RESOLVED.put(key, method);
        }
        return method;
    }

    private static Method find(String key) throws IOException {
        Class<?> type = Decoder.type(key.substring(0, key.indexOf('#')));
        for (Method candidate : type.getMethods()) {
            if (key(candidate).equals(key)) {
                return candidate;
            }
        }
        throw new IOException("no method " + key);
    }
}
