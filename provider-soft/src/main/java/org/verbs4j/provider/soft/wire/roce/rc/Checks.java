package org.verbs4j.provider.soft.wire.roce.rc;

/** Argument checks with messages that name the attribute. */
final class Checks {

    private Checks() {
    }

    static void range(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be " + min + " to " + max + ", not " + value);
        }
    }
}
