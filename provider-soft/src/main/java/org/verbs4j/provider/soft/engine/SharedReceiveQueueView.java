package org.verbs4j.provider.soft.engine;

/** A shared receive queue as the engine sees it. Implemented by the soft SRQ alone. */
public interface SharedReceiveQueueView {

    /** The fabric of its device. */
    FabricView fabric();

    /** The posted receive requests. */
    ReceiveQueue queue();

    /** The completion queue of an XRC or tag-matching SRQ, or null. */
    CompletionQueueView softCq();

    /** Its protection domain. */
    ProtectionDomainView softPd();

    /** The tag matching of a tag-matching SRQ, or null. */
    TagMatcher tagMatcher();
}
