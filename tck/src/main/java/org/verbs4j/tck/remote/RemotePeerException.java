package org.verbs4j.tck.remote;

import java.io.Serial;

/**
 * The peer JVM could not serve a call: it ended or crashed, its connection broke, or it could not be started.
 * The message names the call and the cause. Failures of the verbs themselves cross as their own exceptions.
 */
public final class RemotePeerException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed and why
     * @param cause the underlying failure, or null
     */
    public RemotePeerException(String message, Throwable cause) {
        super(message, cause);
    }
}
