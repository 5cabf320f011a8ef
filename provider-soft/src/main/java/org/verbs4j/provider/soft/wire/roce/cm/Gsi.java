package org.verbs4j.provider.soft.wire.roce.cm;

/** The general services interface: queue pair 1, which carries the CM's MADs in UD packets (IBTA 13.5.1). */
public final class Gsi {

    /** The queue pair number of the GSI on every port. */
    public static final int QPN = 1;

    /** The Q_Key every GSI queue pair has, and the DETH of every packet to one carries. */
    public static final int Q_KEY = 0x8001_0000;

    private Gsi() {
    }
}
