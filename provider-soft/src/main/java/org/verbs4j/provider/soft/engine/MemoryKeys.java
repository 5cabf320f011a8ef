package org.verbs4j.provider.soft.engine;

/** How memory keys are made: a 24-bit index into the fabric's key table and an 8-bit key byte. */
public final class MemoryKeys {

    private MemoryKeys() {
    }

    public static int key(int index, int keyByte) {
        return (index << 8) | (keyByte & 0xff);
    }

    public static int index(int key) {
        return key >>> 8;
    }

    /** @return an 8-bit key byte that varies between registrations, so that stale keys are caught */
    public static int initialKeyByte(int index) {
        return (index * 0x9e) & 0xff;
    }
}
