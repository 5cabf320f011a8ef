package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.time.Duration;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.EventChannel;

/** Waits for communication events of an expected type, and acknowledges each event once. */
public final class CmEvents {

    private CmEvents() {
    }

    /**
     * Waits for the next event, checks its type, and acknowledges it; its values stay readable.
     *
     * @param channel the event channel
     * @param type the expected type
     * @param timeout how long to wait
     * @return the event, acknowledged
     */
    public static CmEvent expect(EventChannel channel, CmEventType type, Duration timeout) {
        CmEvent event = channel.getEvent(timeout);
        assertNotNull(event, () -> "no " + type + " event within " + timeout);
        event.ack();
        assertEquals(type, event.type(), () -> "expected " + type + ", got " + event.type() + " with status "
                + event.status());
        return event;
    }

    /**
     * @param data the private data of an event
     * @param sent what the remote side sent
     * @return whether {@code data} starts with {@code sent} (the transport may pad it)
     */
    public static boolean startsWith(byte[] data, byte[] sent) {
        if (data.length < sent.length) {
            return false;
        }
        for (int i = 0; i < sent.length; i++) {
            if (data[i] != sent[i]) {
                return false;
            }
        }
        return true;
    }
}
