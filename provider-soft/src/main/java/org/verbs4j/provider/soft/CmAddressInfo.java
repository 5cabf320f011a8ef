package org.verbs4j.provider.soft;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import org.verbs4j.Errno;
import org.verbs4j.cm.AddrInfoFlag;
import org.verbs4j.cm.AddressHints;
import org.verbs4j.cm.AddressInfo;
import org.verbs4j.provider.soft.engine.Failures;

/** {@code rdma_getaddrinfo} for the soft devices: a local source is found for a destination a soft device has. */
final class CmAddressInfo {

    private static final String VERB = "rdma_getaddrinfo";

    private CmAddressInfo() {
    }

    static AddressInfo resolve(CmAddresses addresses, String node, String service, AddressHints hints) {
        Failures.required(VERB, hints, "the hints");
        int port = port(service);
        boolean passive = SoftConnectionManager.passive(hints);
        if (node == null && !passive) {
            throw Failures.invalid(VERB, "a node is required without RAI_PASSIVE");
        }
        InetAddress address = node == null ? wildcard() : lookUp(node, hints);
        InetSocketAddress endpoint = new InetSocketAddress(address, port);
        if (passive) {
            return new AddressInfo(true, hints.portSpace().qpType(), hints.portSpace(), endpoint, null);
        }
        SoftDevice device = addresses.deviceOf(address);
        InetSocketAddress source = device == null ? null : new InetSocketAddress(address, 0);
        return new AddressInfo(false, hints.portSpace().qpType(), hints.portSpace(), source, endpoint);
    }

    private static int port(String service) {
        if (service == null) {
            return 0;
        }
        try {
            int port = Integer.parseInt(service);
            if (port >= 0 && port <= 0xffff) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw Failures.invalid(VERB, "the service '" + service + "' is not a port number");
    }

    private static InetAddress lookUp(String node, AddressHints hints) {
        if (hints.flags().contains(AddrInfoFlag.NUMERICHOST) && !isNumeric(node)) {
            throw SoftConnectionManager.failure(VERB, Errno.EADDRNOTAVAIL, "'" + node
                    + "' is not a numeric address (RAI_NUMERICHOST)");
        }
        try {
            return InetAddress.getByName(node);
        } catch (UnknownHostException e) {
            throw SoftConnectionManager.failure(VERB, Errno.EADDRNOTAVAIL, "the node '" + node + "' is unknown");
        }
    }

    private static boolean isNumeric(String node) {
        return node.indexOf(':') >= 0 || node.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }

    private static InetAddress wildcard() {
        return new InetSocketAddress(0).getAddress();
    }
}
