package org.verbs4j.provider.efa.raw;

import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One struct of efadv.h as the binding lays it out (bytes, the same on x86_64 and aarch64): the release that
 * introduced it, its size by the releases that changed it, and its named members. Reserved members are not
 * named: their offsets move when a release repurposes them in place.
 *
 * @param name the C struct name
 * @param since the release that introduced the struct (0: every supported release)
 * @param sizes {@code sizeof} from each release on that set it
 * @param members the named members
 */
public record EfaStruct(String name, int since, NavigableMap<Integer, Long> sizes, List<Member> members) {

    /**
     * A named member.
     *
     * @param name its C name
     * @param offset its offset
     * @param size its size
     * @param since the release that introduced it, in place of reserved bytes or at the end (0: always)
     */
    public record Member(String name, long offset, long size, int since) {
    }

    /** Copies the tables. */
    public EfaStruct {
        sizes = new TreeMap<>(sizes);
        members = List.copyOf(members);
    }

    /** @return {@code sizeof} on rdma-core {@code release} */
    public long size(int release) {
        return sizes.floorEntry(release).getValue();
    }

    /** @return the size of the newest header: what the binding allocates and passes as {@code inlen} */
    public long newestSize() {
        return sizes.lastEntry().getValue();
    }

    /** @return the offset of member {@code name} */
    public long offset(String name) {
        return member(name).offset();
    }

    /** @return member {@code name} */
    public Member member(String name) {
        return members.stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(this.name + " has no " + name));
    }
}
