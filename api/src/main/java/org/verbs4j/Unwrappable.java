package org.verbs4j;

/**
 * The vendor escape hatch: gives access to a provider-specific interface of an object, such as
 * an mlx5 or EFA extension, while the code that does not need it stays vendor-neutral.
 */
public interface Unwrappable {

    /**
     * @param type the provider-specific interface or class
     * @param <T> that type
     * @return this object as {@code type}
     * @throws UnsupportedVerbException if this object does not implement {@code type}
     * @throws InvalidArgumentException if {@code type} is null
     */
    default <T> T unwrap(Class<T> type) {
        if (type == null) {
            throw new InvalidArgumentException("unwrap", "the type is null");
        }
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new UnsupportedVerbException("unwrap", getClass().getName() + " is not a " + type.getName());
    }
}
