package org.verbs4j;

/**
 * A queue, table or device resource is exhausted (ENOMEM, ENOSPC or ENOBUFS), for example posting to a full receive queue.
 */
public final class OutOfResourcesException extends VerbsException {

    private static final long serialVersionUID = 1L;

    /**
     * @param operation the failed verb
     * @param detail what went wrong, or {@code null}
     */
    public OutOfResourcesException(String operation, String detail) {
        super(operation, Errno.ENOMEM.code(), detail);
    }

    /**
     * @param operation the failed verb
     * @param errno the exact errno reported
     * @param detail what went wrong, or {@code null}
     * @param failedRequest the request that failed (C {@code bad_wr}), or {@code null}
     */
    public OutOfResourcesException(String operation, int errno, String detail, Object failedRequest) {
        super(operation, errno, detail, failedRequest);
    }
}
