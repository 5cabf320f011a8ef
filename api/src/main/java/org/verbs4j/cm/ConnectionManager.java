package org.verbs4j.cm;

import java.util.List;
import org.verbs4j.Context;

/**
 * The connection manager of a provider (rdma-core's librdmacm): creates event channels and communication
 * identifiers, and resolves addresses. Get it from {@link org.verbs4j.Verbs#connectionManager()}.
 */
public interface ConnectionManager {

    /** @return the id of the provider that implements it, for example {@code "soft"} or {@code "generic"} */
    String providerId();

    /**
     * Creates an event channel (C {@code rdma_create_event_channel}).
     *
     * @return the channel, which the caller closes
     */
    EventChannel createEventChannel();

    /**
     * Creates a communication identifier (C {@code rdma_create_id}).
     *
     * @param channel the channel for the identifier's events
     * @param portSpace the port space
     * @param userContext the user's context, returned by {@link CmId#userContext()}; may be {@code null}
     * @return the identifier, which the caller closes before the channel
     * @throws org.verbs4j.UnsupportedVerbException if the provider does not offer the port space
     */
    CmId createId(EventChannel channel, PortSpace portSpace, Object userContext);

    /**
     * Resolves a node and service to addresses (C {@code rdma_getaddrinfo}).
     *
     * @param node a host name or numeric address; {@code null} with {@link AddrInfoFlag#PASSIVE} for the wildcard
     * @param service a port number, or {@code null} for port 0
     * @param hints the flags and port space
     * @return the results, at least one
     * @throws org.verbs4j.VerbsException ENOENT-like failures if the node cannot be resolved, EINVAL for a service
     *     that is not a port number
     */
    List<AddressInfo> getAddressInfo(String node, String service, AddressHints hints);

    /**
     * @return a context of every device the connection manager uses (C {@code rdma_get_devices}); it owns them
     *     and keeps them open
     */
    List<Context> devices();
}
