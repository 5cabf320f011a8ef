package org.verbs4j;

/**
 * A memory window (C {@code struct ibv_mw}): a remote-access grant on part of a memory region,
 * bound and invalidated through the send queue ({@link SendOps#bindMw}, {@link SendOps#localInv}).
 */
public interface MemoryWindow extends VerbsObject {

    /** @return the protection domain of the window */
    ProtectionDomain protectionDomain();

    /** @return the window type */
    MwType type();

    /**
     * @return the remote key of the window (C {@code rkey}): after a bind, the key of the last bind whose
     *     batch was posted successfully ({@link SendOps#complete()}); providers whose driver does not update
     *     the C field track it themselves
     */
    int rkey();
}
