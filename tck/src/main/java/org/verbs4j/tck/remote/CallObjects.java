package org.verbs4j.tck.remote;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mutable objects of one call (requests, out-parameters, copied segments), in the order they crossed: the
 * peer's copies and the kit JVM's originals share their index, so that the peer's changes come back into the
 * caller's objects and a failed request names the caller's own.
 */
final class CallObjects {

    private final List<Object> objects = new ArrayList<>();
    private final Map<Object, Integer> indexes = new IdentityHashMap<>();

    /** @return the index of {@code object}, -1 if it has not crossed in this call */
    int indexOf(Object object) {
        return indexes.getOrDefault(object, -1);
    }

    void add(Object object) {
        indexes.put(object, objects.size());
        objects.add(object);
    }

    Object get(int index) {
        return objects.get(index);
    }

    int size() {
        return objects.size();
    }
}
