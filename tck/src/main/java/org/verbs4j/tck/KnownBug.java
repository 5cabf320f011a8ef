package org.verbs4j.tck;

import java.util.Objects;

/**
 * A known bug of a device or driver that breaks one rule of the kit, named by the provider's test class
 * ({@link ProviderUnderTest#knownBugs}). When that test fails, the kit reports it as a known bug, with
 * this reason and the failure itself, instead of as a failure; it never reports it as passed. When the
 * test passes, the bug did not show and the test counts as passed.
 *
 * @param contract the display name of the test, as the summary shows it after {@code " > "}, for example
 *     {@code "ibv_req_notify_cq(3): an error completion counts as solicited"}
 * @param reason the bug and where it is known, for example
 *     {@code "rxe (Linux 6.12 and 7.2): flush completions do not trigger a solicited-only event"}
 */
public record KnownBug(String contract, String reason) {

    /** Checks that both parts are given. */
    public KnownBug {
        Objects.requireNonNull(contract, "contract");
        Objects.requireNonNull(reason, "reason");
        if (contract.isBlank() || reason.isBlank()) {
            throw new IllegalArgumentException("a known bug names its test and its reason");
        }
    }

    /**
     * @param displayName the display name of a test
     * @return whether this bug is about that test
     */
    public boolean concerns(String displayName) {
        return displayName.equals(contract);
    }
}
