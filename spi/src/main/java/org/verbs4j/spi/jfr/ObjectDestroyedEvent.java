package org.verbs4j.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A verbs object was destroyed by its close. */
@Name("org.verbs4j.ObjectDestroyed")
@Label("Verbs Object Destroyed")
@Category({"Verbs4J", "Objects"})
@Description("A verbs object was closed (ibv_dealloc_pd, ibv_dereg_mr, ibv_destroy_qp, ...)")
final class ObjectDestroyedEvent extends jdk.jfr.Event {

    @Label("Device")
    String device;

    @Label("Kind")
    @Description("What was destroyed, for example \"queue pair\"")
    String kind;
}
