package org.verbs4j.tck.broken;

import org.verbs4j.Capabilities;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ProtectionDomain;

/** The one bug a broken provider has: it replaces one kind of verbs object by a faulty decoration. */
interface Breakage {

    /**
     * Called before every verb of a device; may refuse the verb by throwing.
     *
     * @param verb the name of the device's method
     */
    default void beforeDeviceVerb(String verb) {
    }

    /**
     * Called before every verb of a context; may refuse the verb by throwing.
     *
     * @param verb the name of the context's method
     */
    default void beforeContextVerb(String verb) {
    }

    /**
     * @param real the capabilities the real device reports
     * @return the capabilities to report
     */
    default Capabilities capabilities(Capabilities real) {
        return real;
    }

    /**
     * @param real the real completion queue
     * @param decorations where to register a decoration
     * @return the queue to hand out
     */
    default CompletionQueue completionQueue(CompletionQueue real, Decorations decorations) {
        return real;
    }

    /**
     * @param real the real protection domain
     * @param decorations where to register a decoration
     * @return the domain to hand out
     */
    default ProtectionDomain protectionDomain(ProtectionDomain real, Decorations decorations) {
        return real;
    }

    /**
     * @param real the real completion channel
     * @param decorations where to register a decoration
     * @return the channel to hand out
     */
    default CompletionChannel completionChannel(CompletionChannel real, Decorations decorations) {
        return real;
    }
}
