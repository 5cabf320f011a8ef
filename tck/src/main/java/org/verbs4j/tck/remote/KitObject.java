package org.verbs4j.tck.remote;

/** The peer's stand-in for an opaque object of the kit JVM (a user context): it goes back as the original. */
final class KitObject {

    private final long token;

    KitObject(long token) {
        this.token = token;
    }

    long token() {
        return token;
    }

    @Override
    public String toString() {
        return "the kit JVM's object #" + token;
    }
}
