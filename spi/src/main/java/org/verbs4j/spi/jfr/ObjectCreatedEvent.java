package org.verbs4j.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A verbs object was created: a context, protection domain, queue, memory region and so on. */
@Name("org.verbs4j.ObjectCreated")
@Label("Verbs Object Created")
@Category({"Verbs4J", "Objects"})
@Description("A verbs object was created (ibv_alloc_pd, ibv_reg_mr, ibv_create_qp_ex, ...)")
final class ObjectCreatedEvent extends jdk.jfr.Event {

    @Label("Device")
    String device;

    @Label("Kind")
    @Description("What was created, for example \"queue pair\"")
    String kind;
}
