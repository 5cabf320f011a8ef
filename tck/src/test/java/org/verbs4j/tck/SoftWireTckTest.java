package org.verbs4j.tck;

import java.util.Optional;
import org.verbs4j.spi.VerbsProvider;

/**
 * The whole kit against the soft provider with every packet on the RoCE v2 wire: soft0 is a host of its own on
 * 127.0.0.1 ({@link SoftProviders#onTheWire()}), so the kit's two queue pairs of one device loop back through
 * the UDP socket as rxe's loop back through the network stack. The kit uses GID 1, the address's RoCE v2 GID.
 * Its own test JVM (the {@code wire-tck} execution of Surefire), since the soft devices are configured once per JVM.
 */
class SoftWireTckTest extends VerbsTck {

    @Override
    protected VerbsProvider provider() {
        return SoftProviders.onTheWire();
    }

    @Override
    protected TckEnvironment environment() {
        TckEnvironment configured = TckEnvironment.fromSystem();
        return new TckEnvironment(Optional.empty(), 1, SoftProviders.WIRE_GID_INDEX, configured.completionTimeout(),
                configured.eventTimeout());
    }
}
