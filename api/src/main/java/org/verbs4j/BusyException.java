package org.verbs4j;

/**
 * The object is still in use (EBUSY), for example a protection domain with live memory regions, or a queue pair attached to a multicast group.
 */
public final class BusyException extends VerbsException {

    private static final long serialVersionUID = 1L;

    /**
     * @param operation the failed verb
     * @param detail what went wrong, or {@code null}
     */
    public BusyException(String operation, String detail) {
        super(operation, Errno.EBUSY.code(), detail);
    }

    /**
     * @param operation the failed verb
     * @param errno the exact errno reported
     * @param detail what went wrong, or {@code null}
     * @param failedRequest the request that failed (C {@code bad_wr}), or {@code null}
     */
    public BusyException(String operation, int errno, String detail, Object failedRequest) {
        super(operation, errno, detail, failedRequest);
    }
}
