package org.verbs4j.provider.generic.raw;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.UnionLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds {@link StructLayout}s the way a C compiler lays out a struct on an LP64 Linux ABI: every
 * member at the next multiple of its alignment, the size rounded up to the largest alignment.
 * Padding members are unnamed, so that only C members carry names.
 *
 * <p>A member named with a leading {@code $} stands for an anonymous C union or struct: its members
 * are reached in C without its name ({@link #isAnonymous}).
 */
public final class CStruct {

    private CStruct() {
    }

    /**
     * @param name the C struct tag (or member name, for a nested struct)
     * @param members the members in C order, each named
     * @return the laid-out struct
     */
    public static StructLayout struct(String name, MemoryLayout... members) {
        List<MemoryLayout> laidOut = new ArrayList<>();
        long offset = 0;
        long align = 1;
        for (MemoryLayout member : members) {
            long memberAlign = member.byteAlignment();
            long padded = alignUp(offset, memberAlign);
            addPadding(laidOut, padded - offset);
            laidOut.add(member);
            offset = padded + member.byteSize();
            align = Math.max(align, memberAlign);
        }
        addPadding(laidOut, alignUp(offset, align) - offset);
        return MemoryLayout.structLayout(laidOut.toArray(MemoryLayout[]::new)).withName(name);
    }

    /**
     * @param name the member name of the union, {@code $...} for an anonymous one
     * @param members the alternatives, each named
     * @return the union, padded to its alignment
     */
    public static UnionLayout union(String name, MemoryLayout... members) {
        long size = 0;
        long align = 1;
        for (MemoryLayout member : members) {
            size = Math.max(size, member.byteSize());
            align = Math.max(align, member.byteAlignment());
        }
        MemoryLayout[] all = members;
        long padded = alignUp(size, align);
        if (padded != size) {
            all = java.util.Arrays.copyOf(members, members.length + 1);
            all[members.length] = MemoryLayout.paddingLayout(padded);
        }
        return MemoryLayout.unionLayout(all).withName(name);
    }

    /**
     * @param layout a nested group layout
     * @param name the member name it gets in its enclosing struct
     * @return the layout renamed
     */
    public static GroupLayout member(GroupLayout layout, String name) {
        return layout.withName(name);
    }

    /**
     * @param member a member layout
     * @return whether it stands for an anonymous C union or struct
     */
    public static boolean isAnonymous(MemoryLayout member) {
        return member.name().map(n -> n.startsWith("$")).orElse(false);
    }

    private static void addPadding(List<MemoryLayout> laidOut, long bytes) {
        if (bytes > 0) {
            laidOut.add(MemoryLayout.paddingLayout(bytes));
        }
    }

    private static long alignUp(long value, long alignment) {
        return (value + alignment - 1) / alignment * alignment;
    }
}
