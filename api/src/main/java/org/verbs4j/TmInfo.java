package org.verbs4j;

/**
 * The tag-matching information of a completion (C {@code struct ibv_wc_tm_info}). It is mutable so
 * that a poller can reuse one instance for every completion ({@link CompletionQueue#readTmInfo}).
 */
public final class TmInfo {

    private long tag;
    private int priv;

    /** Creates an empty holder. */
    public TmInfo() {
    }

    /** @return the tag from the TMH */
    public long tag() {
        return tag;
    }

    /** @return the opaque user data from the TMH (C {@code priv}) */
    public int priv() {
        return priv;
    }

    /**
     * Sets both fields; providers call it from {@link CompletionQueue#readTmInfo}.
     *
     * @param tag the tag from the TMH
     * @param priv the opaque user data from the TMH
     */
    public void set(long tag, int priv) {
        this.tag = tag;
        this.priv = priv;
    }

    @Override
    public String toString() {
        return "TmInfo[tag=0x" + Long.toHexString(tag) + ", priv=" + priv + "]";
    }
}
