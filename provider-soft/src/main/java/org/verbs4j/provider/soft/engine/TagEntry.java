package org.verbs4j.provider.soft.engine;

/** One entry of a tag-matching list: a tagged buffer waiting for a message whose tag matches. */
final class TagEntry {

    boolean inUse;
    long sequence;
    long tag;
    long mask;
    long recvWrId;
    final Sges buffer = new Sges(1);

    boolean matches(long messageTag) {
        return (messageTag & mask) == tag;
    }
}
