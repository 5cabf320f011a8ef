package org.verbs4j.spi;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which providers a {@link ProviderRegistry} may use: either the default order, or an explicit,
 * ordered list of provider ids.
 *
 * <p>The list comes from the system property {@value #PROPERTY} or, when that property names no
 * provider, from the environment variable {@value #ENVIRONMENT_VARIABLE}: for example
 * {@code -Dverbs4j.providers=mlx5,generic}. With a list, only the named providers are used, and each
 * device is served by the first of them that offers it. Ids are not case-sensitive. Providers that are
 * not named are not probed at all: their native libraries are never loaded (so the JVM prints no
 * native-access warning for them).
 *
 * <p><b>No emulator.</b> The value {@value #HARDWARE} ({@code -Dverbs4j.providers=hardware} or
 * {@code VERBS4J_PROVIDERS=hardware}) keeps the default order of the hardware providers (vendor, then
 * generic) and never falls back to a software provider such as the soft device: when no hardware
 * provider offers a device, {@link ProviderRegistry#devices()} throws a {@link org.verbs4j.VerbsException}
 * (ENODEV) that says why each hardware provider was unavailable, instead of running on an emulator.
 * Software providers are then not probed. Use it in production.
 *
 * @param providerIds the provider ids in order of preference (repeats are dropped); empty for the
 *     default order
 * @param source where the list came from: {@value #PROPERTY}, {@value #ENVIRONMENT_VARIABLE}, or
 *     {@code "default"}
 */
public record ProviderSelection(List<String> providerIds, String source) {

    /** The system property that lists the providers to use, in order. */
    public static final String PROPERTY = "verbs4j.providers";

    /** The environment variable that lists the providers to use when {@value #PROPERTY} is not set. */
    public static final String ENVIRONMENT_VARIABLE = "VERBS4J_PROVIDERS";

    /**
     * The value of {@value #PROPERTY} that allows hardware providers only: the default order without
     * the software fallback.
     */
    public static final String HARDWARE = "hardware";

    private static final ProviderSelection DEFAULTS = new ProviderSelection(List.of(), "default");

    /**
     * Copies the list, dropping repeats, and checks that nothing is {@code null}.
     *
     * @throws org.verbs4j.InvalidArgumentException if {@value #HARDWARE} is combined with provider ids
     */
    public ProviderSelection {
        providerIds = List.copyOf(providerIds).stream().distinct().toList();
        Objects.requireNonNull(source, "source");
        if (providerIds.contains(HARDWARE) && providerIds.size() > 1) {
            throw new org.verbs4j.InvalidArgumentException("provider selection", source + "="
                    + String.join(",", providerIds) + " mixes '" + HARDWARE + "' with provider ids: use '"
                    + HARDWARE + "' alone, or name the providers");
        }
    }

    /** @return the default order, with no explicit list */
    public static ProviderSelection defaults() {
        return DEFAULTS;
    }

    /**
     * @return the selection configured for this JVM by {@value #PROPERTY} or
     *     {@value #ENVIRONMENT_VARIABLE}, read now
     */
    public static ProviderSelection fromEnvironment() {
        return from(System.getProperty(PROPERTY), System.getenv());
    }

    /**
     * Reads the configuration from explicit values, so that tests need not set real system
     * properties. The property wins over the environment variable; a value that names no provider
     * (blank, or only commas) counts as not set.
     *
     * @param property the value of {@value #PROPERTY}, or {@code null} if not set
     * @param environment the environment, in which {@value #ENVIRONMENT_VARIABLE} may be set
     * @return the selection those values configure
     */
    public static ProviderSelection from(String property, Map<String, String> environment) {
        List<String> fromProperty = parse(property);
        if (!fromProperty.isEmpty()) {
            return new ProviderSelection(fromProperty, PROPERTY);
        }
        List<String> fromEnvironment = parse(environment.get(ENVIRONMENT_VARIABLE));
        return fromEnvironment.isEmpty() ? DEFAULTS : new ProviderSelection(fromEnvironment, ENVIRONMENT_VARIABLE);
    }

    /**
     * Splits a comma-separated list of provider ids, stripping spaces around each id and dropping
     * empty entries and repeats.
     *
     * @param list for example {@code " mlx5, ,Generic "}, or {@code null}
     * @return the ids in order and in lower case, for example {@code [mlx5, generic]}; empty for {@code null}
     */
    public static List<String> parse(String list) {
        if (list == null) {
            return List.of();
        }
        return Arrays.stream(list.split(",")).map(id -> id.strip().toLowerCase(Locale.ROOT))
                .filter(id -> !id.isEmpty()).distinct().toList();
    }

    /** @return whether an explicit list of providers was given ({@value #HARDWARE} is not a list) */
    public boolean explicit() {
        return !providerIds.isEmpty() && !hardwareOnly();
    }

    /** @return whether the setting is {@value #HARDWARE}: no software fallback */
    public boolean hardwareOnly() {
        return providerIds.equals(List.of(HARDWARE));
    }

    /**
     * @param id a provider id
     * @param kind its kind
     * @return why the selection keeps the provider out without asking it anything, or empty if it is
     *     probed (its availability and devices asked)
     */
    Optional<String> skips(String id, ProviderKind kind) {
        if (hardwareOnly()) {
            return kind == ProviderKind.SOFTWARE ? Optional.of("software providers are not used with " + describe())
                    : Optional.empty();
        }
        return explicit() && !providerIds.contains(id) ? Optional.of("not named in " + source) : Optional.empty();
    }

    /** @return the setting as it would be written, for example {@code "verbs4j.providers=mlx5,generic"} */
    public String describe() {
        return source + "=" + String.join(",", providerIds);
    }
}
