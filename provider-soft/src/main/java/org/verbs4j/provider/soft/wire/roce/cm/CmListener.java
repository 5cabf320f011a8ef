package org.verbs4j.provider.soft.wire.roce.cm;

/** Hears the events of connections, in the thread that fed the machine the MAD or the time that caused them. */
@FunctionalInterface
public interface CmListener {

    /**
     * @param connection the connection
     * @param event what happened
     */
    void onEvent(CmConnection connection, CmEvent event);
}
