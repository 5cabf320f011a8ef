package org.verbs4j.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A queue pair changed its state through ibv_modify_qp. */
@Name("org.verbs4j.QpStateChanged")
@Label("Queue Pair State Changed")
@Category({"Verbs4J", "Objects"})
@Description("A queue pair moved from one state to another (ibv_modify_qp with IBV_QP_STATE)")
final class QpStateChangedEvent extends jdk.jfr.Event {

    @Label("Device")
    String device;

    @Label("QP Number")
    int qpNum;

    @Label("From")
    String from;

    @Label("To")
    String to;
}
