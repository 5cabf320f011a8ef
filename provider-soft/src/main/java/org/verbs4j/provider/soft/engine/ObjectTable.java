package org.verbs4j.provider.soft.engine;

/**
 * A table of objects indexed by small numbers (queue pair numbers, key indexes) that reads without
 * locking or allocating. Numbers are handed out in increasing order and never reused, so that a stale
 * number cannot reach a new object. Only {@link #add} stores into the table, so every object in it is a
 * {@code T} and a read needs no type check.
 *
 * @param <T> the type of the objects
 */
public final class ObjectTable<T> {

    private final int limit;
    private volatile Object[] slots = new Object[256];
    private int next;

    public ObjectTable(int first, int limit) {
        this.next = first;
        this.limit = limit;
    }

    /** @return the number of the new entry, or -1 if the table is exhausted */
    public synchronized int add(T value) {
        if (next >= limit) {
            return -1;
        }
        Object[] current = slots;
        if (next >= current.length) {
            Object[] grown = new Object[Math.min(limit, current.length * 2)];
            System.arraycopy(current, 0, grown, 0, current.length);
            current = grown;
        }
        current[next] = value;
        slots = current;
        return next++;
    }

    public synchronized void remove(int index) {
        Object[] current = slots;
        if (index >= 0 && index < current.length) {
            current[index] = null;
            slots = current;
        }
    }

    /** @return the object with that number, or {@code null} */
    @SuppressWarnings("unchecked")
    public T get(int index) {
        Object[] current = slots;
        if (index < 0 || index >= current.length) {
            return null;
        }
        return (T) current[index];
    }
}
