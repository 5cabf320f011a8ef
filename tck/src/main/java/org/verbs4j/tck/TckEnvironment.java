package org.verbs4j.tck;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Where and how the TCK runs: which device, port and GID index to use, and how long to wait for
 * completions and events. Every value can be overridden by a system property or, failing that, an
 * environment variable.
 *
 * @param deviceName the device to test ({@code verbs4j.tck.device} / {@code VERBS4J_TCK_DEVICE}), or empty
 *     for the first device of the provider
 * @param portNum the port ({@code verbs4j.tck.port} / {@code VERBS4J_TCK_PORT}), default 1
 * @param gidIndex the GID index ({@code verbs4j.tck.gid-index} / {@code VERBS4J_TCK_GID_INDEX}), default 0
 * @param completionTimeout how long to wait for a completion ({@code verbs4j.tck.completion-timeout-ms} /
 *     {@code VERBS4J_TCK_COMPLETION_TIMEOUT_MS}), default 5 s
 * @param eventTimeout how long to wait for an event ({@code verbs4j.tck.event-timeout-ms} /
 *     {@code VERBS4J_TCK_EVENT_TIMEOUT_MS}), default 5 s
 */
public record TckEnvironment(Optional<String> deviceName, int portNum, int gidIndex, Duration completionTimeout,
                             Duration eventTimeout) {

    /** @return the environment of this JVM: system properties, then environment variables, then defaults */
    public static TckEnvironment fromSystem() {
        return from(System.getProperties(), System.getenv());
    }

    /**
     * @param properties system properties
     * @param environment environment variables
     * @return the environment they describe
     */
    public static TckEnvironment from(Properties properties, Map<String, String> environment) {
        Settings settings = new Settings(properties, environment);
        return new TckEnvironment(settings.text("device"), settings.integer("port", 1),
                settings.integer("gid-index", 0), settings.millis("completion-timeout-ms", 5000),
                settings.millis("event-timeout-ms", 5000));
    }

    private record Settings(Properties properties, Map<String, String> environment) {

        Optional<String> text(String key) {
            String property = properties.getProperty("verbs4j.tck." + key);
            return Optional.ofNullable(property != null ? property : environment.get(envName(key)))
                    .filter(value -> !value.isBlank());
        }

        int integer(String key, int defaultValue) {
            return text(key).map(Integer::parseInt).orElse(defaultValue);
        }

        Duration millis(String key, long defaultValue) {
            return Duration.ofMillis(text(key).map(Long::parseLong).orElse(defaultValue));
        }

        private static String envName(String key) {
            return "VERBS4J_TCK_" + key.toUpperCase(java.util.Locale.ROOT).replace('-', '_');
        }
    }
}
