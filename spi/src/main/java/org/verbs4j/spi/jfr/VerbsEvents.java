package org.verbs4j.spi.jfr;

import java.util.function.Supplier;
import jdk.jfr.EventType;
import org.verbs4j.AsyncEventType;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpState;
import org.verbs4j.VerbsException;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEventType;

/**
 * The JDK Flight Recorder events, for providers to record. Each method commits its event only if a
 * recording has it enabled. Only the error completion belongs to the data path: a poll that read a
 * completion whose status is not SUCCESS asks {@link #errorCompletionsRecorded()}, and reads the fields
 * only if it is {@code true}; a successful completion costs nothing more than the status check. The events are named
 * {@code org.verbs4j.*} and enabled by the usual JFR settings, for example
 * {@code -XX:StartFlightRecording:filename=verbs.jfr,settings=profile}.
 */
public final class VerbsEvents {

    private VerbsEvents() {
    }

    /**
     * @param device the device's name, or an empty string if the object belongs to none yet
     * @param kind what was created, for example {@code "queue pair"}
     */
    public static void objectCreated(String device, String kind) {
        ObjectCreatedEvent event = new ObjectCreatedEvent();
        if (event.isEnabled()) {
            event.device = device;
            event.kind = kind;
            event.commit();
        }
    }

    /**
     * @param device the device's name, or an empty string if the object belongs to none
     * @param kind what was destroyed, for example {@code "queue pair"}
     */
    public static void objectDestroyed(String device, String kind) {
        ObjectDestroyedEvent event = new ObjectDestroyedEvent();
        if (event.isEnabled()) {
            event.device = device;
            event.kind = kind;
            event.commit();
        }
    }

    /**
     * @param device the device's name
     * @param type the event's type
     * @param element what it is about, for example {@code "queue pair 17"} or {@code "port 1"}
     */
    public static void asyncEvent(String device, AsyncEventType type, String element) {
        AsyncEventEvent event = new AsyncEventEvent();
        if (event.isEnabled()) {
            event.device = device;
            event.type = type.cName();
            event.element = element;
            event.commit();
        }
    }

    /**
     * @param type the event's type
     * @param status the event's status
     */
    public static void cmEvent(CmEventType type, int status) {
        CmEventEvent event = new CmEventEvent();
        if (event.isEnabled()) {
            event.type = type.cName();
            event.status = status;
            event.commit();
        }
    }

    /**
     * @param device the device's name
     * @param qpNum the queue pair's number
     * @param from the state before the modify
     * @param to the state after it
     */
    public static void qpStateChanged(String device, int qpNum, QpState from, QpState to) {
        QpStateChangedEvent event = new QpStateChangedEvent();
        if (event.isEnabled()) {
            event.device = device;
            event.qpNum = qpNum;
            event.from = from.name();
            event.to = to.name();
            event.commit();
        }
    }

    /**
     * Registers memory, timing the registration: the event is committed only if it succeeds.
     *
     * @param device the device's name
     * @param registration registers the memory
     * @param <R> the memory region's type
     * @return what {@code registration} returned
     */
    public static <R extends MemoryRegion> R memoryRegistered(String device, Supplier<R> registration) {
        MemoryRegisteredEvent event = new MemoryRegisteredEvent();
        event.begin();
        R region = registration.get();
        if (event.shouldCommit()) {
            event.device = device;
            event.bytes = region.length();
            event.commit();
        }
        return region;
    }

    /**
     * Records a failed verb.
     *
     * @param failure the exception the provider is about to throw
     * @param <E> its type
     * @return {@code failure}, to throw
     */
    public static <E extends VerbsException> E failed(E failure) {
        VerbFailedEvent event = new VerbFailedEvent();
        if (event.isEnabled()) {
            event.verb = failure.operation();
            event.errno = failure.errno();
            event.message = failure.getMessage();
            event.commit();
        }
        return failure;
    }

    /**
     * Whether a recording has the error completion event enabled: allocation-free, for a poll that read a
     * completion whose status is not SUCCESS (never for a successful one). The JFR event type is looked up
     * at the first call, so a program without error completions never loads it.
     *
     * @return whether {@link #errorCompletion} would record anything
     */
    public static boolean errorCompletionsRecorded() {
        return ErrorCompletionType.TYPE.isEnabled();
    }

    /**
     * Records a work completion whose status is not SUCCESS, with the fields that {@code ibv_poll_cq(3)}
     * says are valid for it: wr_id, status, qp_num and vendor_err.
     *
     * @param device the device's name
     * @param status the completion's status
     * @param vendorErr the vendor error syndrome
     * @param qpNum the local queue pair's number, or -1 if the queue cannot report it
     * @param wrId the work request id
     */
    public static void errorCompletion(String device, WcStatus status, int vendorErr, int qpNum, long wrId) {
        ErrorCompletionEvent event = new ErrorCompletionEvent();
        if (event.isEnabled()) {
            event.device = device;
            event.status = status.cName();
            event.vendorErr = vendorErr;
            event.qpNum = qpNum;
            event.wrId = wrId;
            event.commit();
        }
    }

    /** The error completion's event type, looked up at the first error completion. */
    private static final class ErrorCompletionType {
        static final EventType TYPE = EventType.getEventType(ErrorCompletionEvent.class);
    }
}
