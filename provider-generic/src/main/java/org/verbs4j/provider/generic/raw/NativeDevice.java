package org.verbs4j.provider.generic.raw;

import org.verbs4j.NodeType;
import org.verbs4j.TransportType;

/**
 * One entry of libibverbs' device list, copied out of native memory.
 *
 * @param name the device name (C {@code ibv_get_device_name})
 * @param nodeGuid the node GUID in host order (C {@code ibv_get_device_guid})
 * @param nodeType the node type (C {@code ibv_device.node_type})
 * @param transportType the transport type (C {@code ibv_device.transport_type})
 */
public record NativeDevice(String name, long nodeGuid, NodeType nodeType, TransportType transportType) {
}
