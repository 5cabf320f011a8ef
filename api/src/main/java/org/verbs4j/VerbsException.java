package org.verbs4j;

/**
 * The root of every exception Verbs4J throws: a verb failed, or a verbs object was misused.
 *
 * <p>It carries the {@linkplain #operation() operation} that failed, named after the C verb
 * (for example {@code ibv_create_cq_ex}), and the {@linkplain #errno() errno} that the verb
 * reported or that rdma-core would have reported. The message reads like
 * {@code ibv_create_cq_ex failed: Operation not supported (EOPNOTSUPP): <detail>}.
 *
 * <p>Only failures throw. Normal outcomes of the data path are values: a completion's status
 * is a {@link WcStatus}, and an empty completion queue is {@code false} from
 * {@link CompletionQueue#startPoll()}. Use {@link #of} to get the subtype that fits an errno.
 */
public sealed class VerbsException extends RuntimeException
        permits UnsupportedVerbException, InvalidArgumentException, BusyException,
                OutOfResourcesException, ClosedObjectException {

    private static final long serialVersionUID = 1L;

    /** The failed verb, named after its C function. */
    private final String operation;
    /** The errno value the verb reported, positive. */
    private final int errno;
    private final transient Object failedRequest;

    /**
     * @param operation the failed verb, for example {@code "ibv_modify_qp"}
     * @param errno the errno value (positive)
     * @param detail what went wrong in this call, or {@code null}
     */
    public VerbsException(String operation, int errno, String detail) {
        this(operation, errno, detail, null);
    }

    /**
     * @param operation the failed verb
     * @param errno the errno value (positive)
     * @param detail what went wrong in this call, or {@code null}
     * @param failedRequest the element of a posted list that failed (C {@code bad_wr}), or {@code null}
     */
    public VerbsException(String operation, int errno, String detail, Object failedRequest) {
        super(message(operation, errno, detail));
        this.operation = operation;
        this.errno = errno;
        this.failedRequest = failedRequest;
    }

    /**
     * Creates the exception subtype that fits {@code errno}.
     *
     * @param operation the failed verb
     * @param errno the errno value
     * @param detail what went wrong in this call, or {@code null}
     * @return an {@link UnsupportedVerbException}, {@link InvalidArgumentException}, {@link BusyException},
     *     {@link OutOfResourcesException}, {@link ClosedObjectException} or a plain {@code VerbsException}
     */
    public static VerbsException of(String operation, int errno, String detail) {
        return of(operation, errno, detail, null);
    }

    /**
     * Creates the exception subtype that fits {@code errno}, for a failed post of a request list.
     *
     * @param operation the failed verb
     * @param errno the errno value
     * @param detail what went wrong, or {@code null}
     * @param failedRequest the request that failed (C {@code bad_wr}), or {@code null}
     * @return the exception
     */
    public static VerbsException of(String operation, int errno, String detail, Object failedRequest) {
        return switch (Errno.of(errno).orElse(Errno.EIO)) {
            case EOPNOTSUPP, ENOSYS -> new UnsupportedVerbException(operation, errno, detail, failedRequest);
            case EINVAL -> new InvalidArgumentException(operation, errno, detail, failedRequest);
            case EBUSY -> new BusyException(operation, errno, detail, failedRequest);
            case ENOMEM, ENOSPC, ENOBUFS -> new OutOfResourcesException(operation, errno, detail, failedRequest);
            case EBADF -> new ClosedObjectException(operation, detail);
            default -> new VerbsException(operation, errno, detail, failedRequest);
        };
    }

    /** @return the failed verb, named after its C function, for example {@code "ibv_post_srq_ops"} */
    public String operation() {
        return operation;
    }

    /** @return the errno value the verb reported, positive */
    public int errno() {
        return errno;
    }

    /**
     * @return for a failed post of a linked request list, the request that failed (C {@code bad_wr}),
     *     otherwise {@code null}
     */
    public Object failedRequest() {
        return failedRequest;
    }

    private static String message(String operation, int errno, String detail) {
        String base = operation + " failed: " + Errno.describe(errno);
        return detail == null || detail.isEmpty() ? base : base + ": " + detail;
    }
}
