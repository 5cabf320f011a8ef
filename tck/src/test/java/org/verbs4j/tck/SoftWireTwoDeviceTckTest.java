package org.verbs4j.tck;

import java.util.Optional;
import org.verbs4j.Device;
import org.verbs4j.spi.VerbsProvider;

/**
 * The whole kit against the soft provider with the two ends of every pair of queue pairs on two devices that are
 * hosts of their own: the requester on soft0 (127.0.0.1), the responder on soft1 (127.0.0.2), so every two-sided
 * test crosses the RoCE v2 wire between two devices that share nothing but the network.
 */
class SoftWireTwoDeviceTckTest extends SoftWireTckTest {

    @Override
    protected Optional<Device> responderDevice() {
        VerbsProvider provider = providerUnderTest();
        return Optional.of(provider.devices().get(1));
    }
}
