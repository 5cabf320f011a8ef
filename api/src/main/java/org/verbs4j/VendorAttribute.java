package org.verbs4j;

import java.util.Objects;

/**
 * One device attribute that only a vendor's direct verbs report, such as a field of
 * {@code struct efadv_device_attr} ({@code efadv_query_device}) or {@code struct mlx5dv_context}
 * ({@code mlx5dv_query_device}), for display and diagnostics.
 *
 * @param source the C function that reported it, for example {@code efadv_query_device}
 * @param name the C field name, for example {@code max_sq_wr}
 * @param value the value as text, numbers in decimal and flag words in hex with their names
 */
public record VendorAttribute(String source, String name, String value) {

    /** Requires every component. */
    public VendorAttribute {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}
