package org.verbs4j.provider.soft;

/** An object that asynchronous events can be about (a CQ, QP or SRQ): it counts their acknowledgements. */
interface EventSubject {

    /** @return the account of the asynchronous events delivered about this object */
    EventAccount asyncEvents();
}
