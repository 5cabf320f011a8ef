package org.verbs4j.provider.soft.wire;

import java.util.Locale;

/**
 * A setting of the soft devices: its system property ({@code verbs4j.soft.addresses}) or, when that is not set, the
 * environment variable of the same name in upper case with {@code _} for {@code .} and {@code -}
 * ({@code VERBS4J_SOFT_ADDRESSES}), so that a launcher that passes no JVM options can set it too.
 */
public final class SoftSettings {

    private SoftSettings() {
    }

    /** @return the setting's text, or {@code null} if neither the property nor the variable is set */
    public static String text(String property) {
        String value = System.getProperty(property);
        return value != null ? value : System.getenv(environmentName(property));
    }

    /** @return the environment variable that stands for {@code property} */
    public static String environmentName(String property) {
        return property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /**
     * @return the setting as a number, or {@code fallback} when it is not set
     * @throws IllegalArgumentException naming the setting if it is no number
     */
    public static long number(String property, long fallback) {
        String value = text(property);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Long.decode(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(property + " (" + environmentName(property) + "): '" + value
                    + "' is not a number", e);
        }
    }

    /** @return whether the setting is {@code true}, in any case */
    public static boolean flag(String property) {
        return "true".equalsIgnoreCase(String.valueOf(text(property)).strip());
    }
}
