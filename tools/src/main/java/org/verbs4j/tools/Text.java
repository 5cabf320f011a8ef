package org.verbs4j.tools;

import java.util.Collection;
import java.util.stream.Collectors;
import org.verbs4j.CConstant;
import org.verbs4j.VerbsException;

/**
 * Small text conversions shared by the formatters.
 */
final class Text {

    /** The column where values start, for every indentation level. */
    private static final int VALUE_COLUMN = 29;

    private Text() {
    }

    /**
     * @param indent the number of leading spaces
     * @param label the label, without colon
     * @param value the value
     * @return {@code "<indent>label:"} padded so that the value starts at the value column
     */
    static String field(int indent, String label, Object value) {
        String head = " ".repeat(indent) + label + ":";
        int padding = Math.max(1, VALUE_COLUMN - head.length());
        return head + " ".repeat(padding) + value;
    }

    /**
     * @param constant a C constant, or {@code null}
     * @return its Java name and C value, for example {@code "ACTIVE (4)"}
     */
    static String constant(CConstant constant) {
        return constant == null ? "unknown" : name(constant) + " (" + constant.value() + ")";
    }

    /**
     * @param value an enum constant or other value, or {@code null}
     * @return the enum name, else the C name of a {@link CConstant}, else {@code toString()}
     */
    static String name(Object value) {
        if (value == null) {
            return "unknown";
        }
        if (value instanceof Enum<?> constant) {
            return constant.name();
        }
        if (value instanceof CConstant constant) {
            return constant.cName();
        }
        return value.toString();
    }

    /**
     * @param values enum constants or other values
     * @return their {@linkplain #name names}, comma separated, or {@code "(none)"}
     */
    static String names(Collection<?> values) {
        return values.isEmpty() ? "(none)" : values.stream().map(Text::name).collect(Collectors.joining(", "));
    }

    /**
     * @param guid a GUID, in host order
     * @return the GUID as {@code ibv_devinfo} prints it, for example {@code "0c42:a103:0065:4f3a"}
     */
    static String guid(long guid) {
        return String.format("%04x:%04x:%04x:%04x",
                (guid >>> 48) & 0xffff, (guid >>> 32) & 0xffff, (guid >>> 16) & 0xffff, guid & 0xffff);
    }

    /**
     * @param value a number
     * @return the number in hexadecimal, for example {@code "0x1f"}
     */
    static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }

    /**
     * @param failure an exception
     * @return a one-line description: the message of a {@link VerbsException} (which names the
     *     verb and the errno), otherwise the exception class and message
     */
    static String describe(RuntimeException failure) {
        if (failure instanceof VerbsException && failure.getMessage() != null) {
            return failure.getMessage();
        }
        return failure.toString();
    }
}
