package org.verbs4j.provider.soft.engine;

import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.Errno;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * The exceptions of the soft device, each with the errno the kernel verbs would give, and each recorded
 * as a failed verb (a JFR event).
 */
public final class Failures {

    private Failures() {
    }

    public static InvalidArgumentException invalid(String verb, String detail) {
        return VerbsEvents.failed(new InvalidArgumentException(verb, detail));
    }

    public static InvalidArgumentException invalid(String verb, String detail, Object failedRequest) {
        return VerbsEvents.failed(new InvalidArgumentException(verb, Errno.EINVAL.code(), detail, failedRequest));
    }

    public static OutOfResourcesException noMemory(String verb, String detail) {
        return VerbsEvents.failed(new OutOfResourcesException(verb, detail));
    }

    public static OutOfResourcesException noMemory(String verb, String detail, Object failedRequest) {
        return VerbsEvents.failed(new OutOfResourcesException(verb, Errno.ENOMEM.code(), detail, failedRequest));
    }

    public static BusyException busy(String verb, String detail) {
        return VerbsEvents.failed(new BusyException(verb, detail));
    }

    public static UnsupportedVerbException unsupported(String verb, String detail) {
        return VerbsEvents.failed(new UnsupportedVerbException(verb, detail));
    }

    public static UnsupportedVerbException unsupported(String verb, String detail, Object failedRequest) {
        return VerbsEvents.failed(new UnsupportedVerbException(verb, Errno.EOPNOTSUPP.code(), detail, failedRequest));
    }

    /** A blocking wait was interrupted (C {@code EINTR}); the thread's interrupt status is kept. */
    public static VerbsException interrupted(String verb) {
        return VerbsEvents.failed(VerbsException.of(verb, Errno.EINTR.code(), "interrupted while waiting"));
    }

    /**
     * @return {@code value}
     * @throws InvalidArgumentException naming {@code verb} if {@code value} is {@code null}
     */
    public static <T> T required(String verb, T value, String what) {
        if (value == null) {
            throw invalid(verb, what + " is null");
        }
        return value;
    }

    public static ClosedObjectException closed(String verb, String what) {
        return VerbsEvents.failed(new ClosedObjectException(verb, what + " is closed"));
    }
}
