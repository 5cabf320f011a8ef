package org.verbs4j.spi;

import java.util.Objects;

/**
 * A known bug of a device's driver that breaks one rule of the conformance kit, as the provider that knows
 * the driver names it ({@link VerbsProvider#knownBugs}). The kit reports a failure of that rule as a known
 * bug, with this reason, wherever it runs (a provider's tests, the command line, a user's machine), and never
 * as passed.
 *
 * @param contract the display name of the kit's test, for example
 *     {@code "ibv_req_notify_cq(3): solicited only: an error completion raises an event"}
 * @param reason the bug and where it is known, for example
 *     {@code "rxe (Linux 6.12, 7.2): a flush completion does not trigger a solicited-only completion event"}
 */
public record KnownDeviceBug(String contract, String reason) {

    /** Checks that both parts are given. */
    public KnownDeviceBug {
        Objects.requireNonNull(contract, "contract");
        Objects.requireNonNull(reason, "reason");
        if (contract.isBlank() || reason.isBlank()) {
            throw new IllegalArgumentException("a known bug names its test and its reason");
        }
    }
}
