package org.verbs4j;

/**
 * An RDMA device, as listed by {@code ibv_get_device_list}: a name and identity, and the ability
 * to {@linkplain #open() open} a context on it.
 */
public interface Device {

    /** @return the device name, for example {@code "mlx5_0"}, {@code "rxe0"}, {@code "soft0"} */
    String name();

    /** @return the id of the provider that serves this device */
    String providerId();

    /** @return the node GUID (C {@code ibv_get_device_guid}), in host order */
    long nodeGuid();

    /** @return the node type (C {@code ibv_device.node_type}) */
    NodeType nodeType();

    /** @return the transport type (C {@code ibv_device.transport_type}) */
    TransportType transportType();

    /**
     * Opens a context on the device (C {@code ibv_open_device}).
     *
     * @return a new context, which the caller closes
     */
    Context open();

    /**
     * @return the connection manager (librdmacm) of the device's provider
     * @throws UnsupportedVerbException naming the provider if it offers no connection management; the default
     */
    default org.verbs4j.cm.ConnectionManager connectionManager() {
        throw new UnsupportedVerbException("rdma_create_event_channel",
                "provider '" + providerId() + "' offers no connection manager");
    }
}
