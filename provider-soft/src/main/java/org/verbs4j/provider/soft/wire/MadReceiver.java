package org.verbs4j.provider.soft.wire;

import java.nio.ByteBuffer;
import org.verbs4j.Gid;

/** Receives the management datagrams (MADs) that arrive for QP1 of a device: the IB CM's. */
public interface MadReceiver {

    /** Handles the MAD at {@code at} of {@code b}, sent from {@code sender}; runs in the receive loop. */
    void onMad(ByteBuffer b, int at, Gid sender);
}
