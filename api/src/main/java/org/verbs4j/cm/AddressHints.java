package org.verbs4j.cm;

import java.util.Objects;
import java.util.Set;

/**
 * The hints of {@link ConnectionManager#getAddressInfo} (the C {@code hints} argument of
 * {@code rdma_getaddrinfo}).
 *
 * @param flags the {@code RAI_*} flags
 * @param portSpace the port space, which also gives the QP type
 */
public record AddressHints(Set<AddrInfoFlag> flags, PortSpace portSpace) {

    /** Copies the flags. */
    public AddressHints {
        flags = Set.copyOf(flags);
        Objects.requireNonNull(portSpace, "portSpace");
    }

    /** @return hints for the active side of a reliable connection ({@link PortSpace#TCP}) */
    public static AddressHints active() {
        return new AddressHints(Set.of(), PortSpace.TCP);
    }

    /** @return hints for the passive side of a reliable connection ({@link PortSpace#TCP}) */
    public static AddressHints passive() {
        return new AddressHints(Set.of(AddrInfoFlag.PASSIVE), PortSpace.TCP);
    }
}
