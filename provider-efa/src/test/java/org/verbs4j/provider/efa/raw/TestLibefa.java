package org.verbs4j.provider.efa.raw;

import org.verbs4j.provider.generic.raw.NativeLibrary;

/** The real libefa.so.1 of this machine, treated as the library of another release. */
public final class TestLibefa {

    private TestLibefa() {
    }

    /** @return the real library, with {@code release} as its release */
    public static Libefa ofRelease(int release) {
        Libefa.get();
        return new Libefa(NativeLibrary.load(Libefa.SONAME), release);
    }
}
