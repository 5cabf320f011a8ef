package org.verbs4j.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A device reported an asynchronous event (ibv_get_async_event). */
@Name("org.verbs4j.AsyncEvent")
@Label("Verbs Asynchronous Event")
@Category({"Verbs4J", "Events"})
@Description("An asynchronous event of a device, as ibv_get_async_event returns it")
final class AsyncEventEvent extends jdk.jfr.Event {

    @Label("Device")
    String device;

    @Label("Event Type")
    @Description("The C name of enum ibv_event_type, for example IBV_EVENT_QP_LAST_WQE_REACHED")
    String type;

    @Label("Element")
    @Description("What the event is about: a queue, a port or the device")
    String element;
}
