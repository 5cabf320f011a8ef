package org.verbs4j;

/**
 * A verbs object was used after it was closed, or closed twice. Its errno is {@code EBADF}.
 */
public final class ClosedObjectException extends VerbsException {

    private static final long serialVersionUID = 1L;

    /**
     * @param operation the verb that was called on the closed object
     * @param detail which object was closed, or {@code null}
     */
    public ClosedObjectException(String operation, String detail) {
        super(operation, Errno.EBADF.code(), detail);
    }
}
