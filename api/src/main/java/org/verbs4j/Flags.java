package org.verbs4j;

import java.util.Collection;
import java.util.EnumSet;

/**
 * Conversions between sets of {@link CConstant} flags and the C bit masks they stand for.
 */
public final class Flags {

    private Flags() {
    }

    /**
     * @param flags the flags, each with a single-bit {@link CConstant#value()}
     * @return the bitwise OR of the values of {@code flags}
     */
    public static long toBits(Collection<? extends CConstant> flags) {
        long bits = 0;
        for (CConstant flag : flags) {
            bits |= flag.value();
        }
        return bits;
    }

    /**
     * {@link #toBits(Collection)} for the argument of a verb: a null collection or a null flag is refused.
     *
     * @param operation the C verb or field the flags are for, named in the exception
     * @param flags the flags, each with a single-bit {@link CConstant#value()}
     * @return the bitwise OR of the values of {@code flags}
     * @throws InvalidArgumentException if {@code flags} is null or holds null
     */
    public static long toBits(String operation, Collection<? extends CConstant> flags) {
        if (flags == null) {
            throw new InvalidArgumentException(operation, "the flags are null");
        }
        long bits = 0;
        for (CConstant flag : flags) {
            bits |= valueOf(operation, flag);
        }
        return bits;
    }

    /**
     * @param operation the C verb or field the flag is for, named in the exception
     * @param flag a flag
     * @return its value
     * @throws InvalidArgumentException if {@code flag} is null
     */
    public static long valueOf(String operation, CConstant flag) {
        if (flag == null) {
            throw new InvalidArgumentException(operation, "a flag is null");
        }
        return flag.value();
    }

    /**
     * @param type the enum of flags
     * @param bits a C bit mask
     * @param <E> the flag type
     * @return every flag of {@code type} whose bits are all set in {@code bits}; bits that no flag
     *     stands for are ignored (see {@link #unknownBits})
     */
    public static <E extends Enum<E> & CConstant> EnumSet<E> fromBits(Class<E> type, long bits) {
        EnumSet<E> set = EnumSet.noneOf(type);
        for (E flag : type.getEnumConstants()) {
            if (flag.value() != 0 && (bits & flag.value()) == flag.value()) {
                set.add(flag);
            }
        }
        return set;
    }

    /**
     * @param type the enum of flags
     * @param bits a C bit mask
     * @param <E> the flag type
     * @return the bits of {@code bits} that no flag of {@code type} stands for
     */
    public static <E extends Enum<E> & CConstant> long unknownBits(Class<E> type, long bits) {
        return bits & ~toBits(EnumSet.allOf(type));
    }

    /**
     * @param bits a C bit mask
     * @param flag a flag
     * @return whether every bit of {@code flag} is set in {@code bits}
     */
    public static boolean isSet(long bits, CConstant flag) {
        return (bits & flag.value()) == flag.value();
    }
}
