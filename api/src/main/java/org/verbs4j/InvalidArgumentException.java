package org.verbs4j;

/**
 * An argument, attribute, mask or state does not allow the call (EINVAL); also reading a completion field that was not requested.
 */
public final class InvalidArgumentException extends VerbsException {

    private static final long serialVersionUID = 1L;

    /**
     * @param operation the failed verb
     * @param detail what went wrong, or {@code null}
     */
    public InvalidArgumentException(String operation, String detail) {
        super(operation, Errno.EINVAL.code(), detail);
    }

    /**
     * @param operation the failed verb
     * @param errno the exact errno reported
     * @param detail what went wrong, or {@code null}
     * @param failedRequest the request that failed (C {@code bad_wr}), or {@code null}
     */
    public InvalidArgumentException(String operation, int errno, String detail, Object failedRequest) {
        super(operation, errno, detail, failedRequest);
    }
}
