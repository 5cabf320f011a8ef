package org.verbs4j.provider.soft;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.verbs4j.Errno;
import org.verbs4j.VerbsException;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * The ports bound in each port space: a port is taken by a wildcard binding, or by bindings to distinct
 * addresses. Port 0 takes a free port of the ephemeral range 32768 to 60999, as Linux's default. Used under
 * the connection manager's lock.
 */
final class CmPorts {

    static final int FIRST_EPHEMERAL = 32768;
    static final int LAST_EPHEMERAL = 60999;

    private final Map<PortSpace, Map<Integer, List<SoftCmId>>> spaces = new EnumMap<>(PortSpace.class);

    /**
     * @return the address actually bound: {@code address} with its port, or a free ephemeral port for 0
     * @throws VerbsException EADDRINUSE if the port is taken, EADDRNOTAVAIL if no ephemeral port is free
     */
    InetSocketAddress bind(String verb, SoftCmId id, PortSpace space, InetSocketAddress address) {
        int port = address.getPort() != 0 ? address.getPort() : freePort(verb, space);
        InetSocketAddress bound = new InetSocketAddress(address.getAddress(), port);
        if (conflicts(space, bound)) {
            throw VerbsEvents.failed(VerbsException.of(verb, Errno.EADDRINUSE.code(), "port " + port + " of "
                    + space.cName() + " is already bound to " + bindings(space, port).get(0).localAddress()));
        }
        bindings(space, port).add(id);
        return bound;
    }

    void release(SoftCmId id, PortSpace space, int port) {
        List<SoftCmId> bound = bindings(space, port);
        bound.remove(id);
        if (bound.isEmpty()) {
            spaces.get(space).remove(port);
        }
    }

    /** @return the identifiers bound to {@code port} in {@code space} */
    List<SoftCmId> bindings(PortSpace space, int port) {
        return spaces.computeIfAbsent(space, key -> new HashMap<>()).computeIfAbsent(port, key -> new ArrayList<>());
    }

    private boolean isTaken(PortSpace space, int port) {
        Map<Integer, List<SoftCmId>> ports = spaces.get(space);
        return ports != null && ports.containsKey(port);
    }

    private boolean conflicts(PortSpace space, InetSocketAddress wanted) {
        for (SoftCmId other : bindings(space, wanted.getPort())) {
            InetSocketAddress taken = other.localAddress();
            if (taken.getAddress().isAnyLocalAddress() || wanted.getAddress().isAnyLocalAddress()
                    || taken.getAddress().equals(wanted.getAddress())) {
                return true;
            }
        }
        return false;
    }

    private int freePort(String verb, PortSpace space) {
        int span = LAST_EPHEMERAL - FIRST_EPHEMERAL + 1;
        int start = ThreadLocalRandom.current().nextInt(span);
        for (int step = 0; step < span; step++) {
            int port = FIRST_EPHEMERAL + (start + step) % span;
            if (!isTaken(space, port)) {
                return port;
            }
        }
        throw VerbsEvents.failed(VerbsException.of(verb, Errno.EADDRNOTAVAIL.code(),
                "no free ephemeral port in " + space.cName()));
    }
}
