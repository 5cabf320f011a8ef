package org.verbs4j;

/**
 * The attributes of a port (C {@code struct ibv_port_attr}).
 *
 * @param state the logical port state
 * @param maxMtu the largest MTU the port supports
 * @param activeMtu the MTU in use
 * @param gidTblLen the length of the GID table
 * @param portCapFlags the port capability bits (C {@code port_cap_flags})
 * @param maxMsgSz the largest message, in bytes
 * @param badPkeyCntr the bad P_Key counter
 * @param qkeyViolCntr the Q_Key violation counter
 * @param pkeyTblLen the length of the partition key table
 * @param lid the base LID (InfiniBand; 0 on Ethernet)
 * @param smLid the LID of the subnet manager
 * @param lmc the LID mask control
 * @param maxVlNum the most virtual lanes
 * @param smSl the service level of the subnet manager
 * @param subnetTimeout the subnet propagation delay
 * @param initTypeReply the init type reply
 * @param activeWidth the active link width code
 * @param activeSpeed the active link speed code
 * @param physState the physical port state code (5 = LinkUp)
 * @param linkLayer the link layer (InfiniBand or Ethernet)
 * @param portCapFlags2 the second set of port capability bits
 * @param activeSpeedEx the extended active speed code (rdma-core 49 and newer; 0 before)
 */
public record PortAttributes(
        PortState state,
        Mtu maxMtu,
        Mtu activeMtu,
        int gidTblLen,
        int portCapFlags,
        long maxMsgSz,
        int badPkeyCntr,
        int qkeyViolCntr,
        int pkeyTblLen,
        int lid,
        int smLid,
        int lmc,
        int maxVlNum,
        int smSl,
        int subnetTimeout,
        int initTypeReply,
        int activeWidth,
        int activeSpeed,
        int physState,
        LinkLayer linkLayer,
        int portCapFlags2,
        int activeSpeedEx) {
}
