package org.verbs4j;

import java.util.Arrays;

/**
 * The lookup table of one enum that mirrors a C enum: maps a C value back to its constant without
 * allocating, and gives the C name of each constant.
 *
 * <p>A table of flags is indexed by bit position, so {@link #of(long)} accepts only single bits. A
 * table of values is a direct array, offset by the smallest value; its values must span at most
 * {@value #MAX_DIRECT_SPAN} numbers, which every C enum mirrored here does.
 *
 * <p>An enum creates its table in a static field declared after its constants, which are then
 * already created and give their {@link CConstant#value()}.
 *
 * @param <E> the enum
 */
final class ConstantTable<E extends Enum<E> & CConstant> {

    /** The largest span of values that a table of values indexes. */
    private static final int MAX_DIRECT_SPAN = 256;

    private final String cType;
    private final boolean flags;
    /** The C names, by ordinal; {@code null} when the enum gives its own. */
    private final String[] cNames;
    /** The value at index 0 of {@link #direct}; 0 for flags, whose index is the bit position. */
    private final long offset;
    /** The constants by index, with {@code null} where no constant has the value. */
    private final E[] direct;

    private ConstantTable(
            E[] constants,
            String cType,
            String cPrefix,
            boolean flags,
            long offset,
            E[] direct) {
        this.cType = cType;
        this.flags = flags;
        this.cNames = cPrefix == null ? null : cNames(constants, cPrefix);
        this.offset = offset;
        this.direct = direct;
    }

    /**
     * @param type an enum whose constants each have a single-bit value
     * @param cType the C type, for messages, for example {@code "enum ibv_access_flags"}
     * @param cPrefix the prefix of the C names, which end with {@link Enum#name()}
     * @param <E> the enum
     * @return a table that maps single bits to constants
     */
    static <E extends Enum<E> & CConstant> ConstantTable<E> flags(Class<E> type, String cType, String cPrefix) {
        return flagTable(type, cType, cPrefix);
    }

    /**
     * Like {@link #flags(Class, String, String)}, for an enum that gives the C names of its constants itself.
     *
     * @param type an enum whose constants each have a single-bit value
     * @param cType the C type, for messages
     * @param <E> the enum
     * @return a table that maps single bits to constants, without C names
     */
    static <E extends Enum<E> & CConstant> ConstantTable<E> flags(Class<E> type, String cType) {
        return flagTable(type, cType, null);
    }

    /**
     * @param type an enum whose constants have distinct values
     * @param cType the C type, for messages, for example {@code "enum ibv_qp_type"}
     * @param cPrefix the prefix of the C names, which end with {@link Enum#name()}
     * @param <E> the enum
     * @return a table that maps values to constants
     */
    static <E extends Enum<E> & CConstant> ConstantTable<E> values(Class<E> type, String cType, String cPrefix) {
        return valueTable(type, cType, cPrefix);
    }

    /**
     * Like {@link #values(Class, String, String)}, for an enum that gives the C names of its constants itself.
     *
     * @param type an enum whose constants have distinct values
     * @param cType the C type, for messages
     * @param <E> the enum
     * @return a table that maps values to constants, without C names
     */
    static <E extends Enum<E> & CConstant> ConstantTable<E> values(Class<E> type, String cType) {
        return valueTable(type, cType, null);
    }

    /**
     * @param value a C value
     * @return the constant whose {@link CConstant#value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    E of(long value) {
        E constant = find(value);
        if (constant == null) {
            throw new IllegalArgumentException(flags
                    ? "No " + cType + " constant has the value 0x" + Long.toHexString(value)
                    : "No " + cType + " constant has the value " + value);
        }
        return constant;
    }

    /**
     * @param value a C value
     * @return the constant whose {@link CConstant#value()} is {@code value}, or {@code null} if none has it
     */
    E find(long value) {
        if (flags) {
            return Long.bitCount(value) == 1 ? direct[Long.numberOfTrailingZeros(value)] : null;
        }
        // unsigned, value - offset is exact once value >= offset, even where it overflows a long
        long index = value - offset;
        return value >= offset && Long.compareUnsigned(index, direct.length) < 0 ? direct[(int) index] : null;
    }

    /**
     * @param constant a constant of the enum
     * @return its C name: the prefix given to the factory, followed by its {@link Enum#name()}
     * @throws IllegalStateException if the table was made without a prefix
     */
    String cName(E constant) {
        if (cNames == null) {
            throw new IllegalStateException("No C prefix for " + cType);
        }
        return cNames[constant.ordinal()];
    }

    private static <E extends Enum<E> & CConstant> ConstantTable<E> flagTable(
            Class<E> type, String cType, String cPrefix) {
        E[] constants = type.getEnumConstants();
        E[] byBit = emptyArray(constants, Long.SIZE);
        for (E constant : constants) {
            if (Long.bitCount(constant.value()) != 1) {
                throw new IllegalStateException(constant.getDeclaringClass().getSimpleName() + "." + constant.name()
                        + " is not a single bit: 0x" + Long.toHexString(constant.value()));
            }
            put(byBit, Long.numberOfTrailingZeros(constant.value()), constant);
        }
        return new ConstantTable<>(constants, cType, cPrefix, true, 0, byBit);
    }

    private static <E extends Enum<E> & CConstant> ConstantTable<E> valueTable(
            Class<E> type, String cType, String cPrefix) {
        E[] constants = type.getEnumConstants();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (E constant : constants) {
            min = Math.min(min, constant.value());
            max = Math.max(max, constant.value());
        }
        // max - min + 1 overflows to zero or less only for values far too sparse to index
        long span = max - min + 1;
        if (span <= 0 || span > MAX_DIRECT_SPAN) {
            throw new IllegalStateException("the values of " + type.getSimpleName() + " span more than "
                    + MAX_DIRECT_SPAN + " numbers");
        }
        E[] direct = emptyArray(constants, (int) span);
        for (E constant : constants) {
            put(direct, (int) (constant.value() - min), constant);
        }
        return new ConstantTable<>(constants, cType, cPrefix, false, min, direct);
    }

    private static <E extends Enum<E> & CConstant> void put(E[] table, int index, E constant) {
        if (table[index] != null) {
            throw duplicate(table[index], constant);
        }
        table[index] = constant;
    }

    private static IllegalStateException duplicate(Enum<?> first, Enum<?> second) {
        return new IllegalStateException(first.getDeclaringClass().getSimpleName() + "." + first.name() + " and "
                + second.name() + " have the same value");
    }

    /** @return an array of {@code length} nulls, of the runtime type of {@code constants} */
    private static <E> E[] emptyArray(E[] constants, int length) {
        E[] table = Arrays.copyOf(constants, length);
        Arrays.fill(table, null);
        return table;
    }

    private static <E extends Enum<E>> String[] cNames(E[] constants, String cPrefix) {
        String[] names = new String[constants.length];
        for (E constant : constants) {
            names[constant.ordinal()] = cPrefix + constant.name();
        }
        return names;
    }
}
