package org.verbs4j.spi.jfr;

import java.util.function.Supplier;
import org.verbs4j.AsyncEventType;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpState;
import org.verbs4j.VerbsException;
import org.verbs4j.cm.CmEventType;

/**
 * The JDK Flight Recorder events of the control path, for providers to record. Each method commits its
 * event only if a recording has it enabled; none is meant for the data path. The events are named
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
}
