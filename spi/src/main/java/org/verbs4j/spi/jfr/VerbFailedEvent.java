package org.verbs4j.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A verb failed: the provider threw a {@link org.verbs4j.VerbsException}. */
@Name("org.verbs4j.VerbFailed")
@Label("Verb Failed")
@Category({"Verbs4J", "Failures"})
@Description("A verb failed with an errno; the message says why")
final class VerbFailedEvent extends jdk.jfr.Event {

    @Label("Verb")
    @Description("The C function, for example ibv_modify_qp")
    String verb;

    @Label("Errno")
    int errno;

    @Label("Message")
    String message;
}
