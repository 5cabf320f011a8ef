package org.verbs4j.provider.soft.wire.roce;

/** Where a packet sits in its message: path-MTU segmentation marks each packet first, middle, last or only. */
public enum MessagePart {
    /** The first packet of a message of several. */
    FIRST,
    /** A packet between the first and the last. */
    MIDDLE,
    /** The last packet of a message of several. */
    LAST,
    /** The whole message in one packet. */
    ONLY;

    /** @return whether a message starts with this packet */
    public boolean starts() {
        return this == FIRST || this == ONLY;
    }

    /** @return whether a message ends with this packet */
    public boolean ends() {
        return this == LAST || this == ONLY;
    }
}
