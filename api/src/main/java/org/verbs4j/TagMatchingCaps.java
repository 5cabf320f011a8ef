package org.verbs4j;

import java.util.Set;

/**
 * The tag-matching limits of a device (C {@code struct ibv_tm_caps}).
 *
 * @param maxRndvHdrSize the largest rendezvous header, in bytes
 * @param maxNumTags the most tags a tag-matching SRQ can hold
 * @param flags the tag-matching capability flags; {@link TmCapFlag#RC} means tag matching on RC queue pairs
 * @param maxOps the most outstanding list operations ({@code ibv_post_srq_ops})
 * @param maxSge the most scatter/gather entries of a tagged buffer
 */
public record TagMatchingCaps(int maxRndvHdrSize, int maxNumTags, Set<TmCapFlag> flags, int maxOps, int maxSge) {

    /** No tag matching. */
    public static final TagMatchingCaps NONE = new TagMatchingCaps(0, 0, Set.of(), 0, 0);

    /** Copies the set. */
    public TagMatchingCaps {
        flags = Set.copyOf(flags);
    }

    /** @return whether tag matching is supported at all */
    public boolean supported() {
        return !flags.isEmpty() && maxNumTags > 0;
    }
}
