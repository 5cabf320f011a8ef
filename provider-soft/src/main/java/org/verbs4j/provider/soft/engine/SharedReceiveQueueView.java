package org.verbs4j.provider.soft.engine;

/** A shared receive queue as the engine sees it. Implemented by the soft SRQ alone. */
public interface SharedReceiveQueueView {

    /** The fabric of its device. */
    FabricView fabric();

    /** The posted receive requests. */
    ReceiveQueue queue();

    /** Its completion queue, which an XRC or tag-matching SRQ has. */
    CompletionQueueView softCq();

    /** The domain of its access checks: its protection domain, or the PD of a parent domain. */
    ProtectionDomainView softPd();

    /** The tag matching of a tag-matching SRQ, or null. */
    TagMatcher tagMatcher();
}
