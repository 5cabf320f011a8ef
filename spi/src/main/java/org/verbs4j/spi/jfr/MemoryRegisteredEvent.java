package org.verbs4j.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A memory region was registered; the event's duration is the registration's (ibv_reg_mr pins the pages). */
@Name("org.verbs4j.MemoryRegistered")
@Label("Memory Registered")
@Category({"Verbs4J", "Objects"})
@Description("A memory region was registered (ibv_reg_mr); the duration is the registration's")
final class MemoryRegisteredEvent extends jdk.jfr.Event {

    @Label("Device")
    String device;

    @Label("Length")
    @DataAmount
    long bytes;
}
