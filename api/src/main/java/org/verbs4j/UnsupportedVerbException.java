package org.verbs4j;

/**
 * The device or provider does not support the requested verb, object type, flag or field (EOPNOTSUPP).
 */
public final class UnsupportedVerbException extends VerbsException {

    private static final long serialVersionUID = 1L;

    /**
     * @param operation the failed verb
     * @param detail what went wrong, or {@code null}
     */
    public UnsupportedVerbException(String operation, String detail) {
        super(operation, Errno.EOPNOTSUPP.code(), detail);
    }

    /**
     * @param operation the failed verb
     * @param errno the exact errno reported
     * @param detail what went wrong, or {@code null}
     * @param failedRequest the request that failed (C {@code bad_wr}), or {@code null}
     */
    public UnsupportedVerbException(String operation, int errno, String detail, Object failedRequest) {
        super(operation, errno, detail, failedRequest);
    }
}
