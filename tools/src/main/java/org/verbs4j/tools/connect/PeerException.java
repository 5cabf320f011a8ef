package org.verbs4j.tools.connect;

/**
 * The peer could not be reached, did not answer in time, or sent what the protocol does not allow.
 * The message names what was awaited and why it failed.
 */
public final class PeerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what failed, in the user's terms */
    public PeerException(String message) {
        super(message);
    }

    /**
     * @param message what failed, in the user's terms
     * @param cause the underlying failure
     */
    public PeerException(String message, Throwable cause) {
        super(message, cause);
    }
}
