package org.verbs4j.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** The connection manager reported an event (rdma_get_cm_event). */
@Name("org.verbs4j.CmEvent")
@Label("Verbs CM Event")
@Category({"Verbs4J", "Events"})
@Description("A connection manager event, as rdma_get_cm_event returns it")
final class CmEventEvent extends jdk.jfr.Event {

    @Label("Event Type")
    @Description("The C name of enum rdma_cm_event_type, for example RDMA_CM_EVENT_ESTABLISHED")
    String type;

    @Label("Status")
    @Description("The event's status: 0, a negative errno, or a reject reason")
    int status;
}
