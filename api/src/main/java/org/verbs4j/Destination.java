package org.verbs4j;

/**
 * The address of one queue pair as its peer needs it: LID, queue pair number, starting PSN and GID
 * ({@code struct pingpong_dest} of rdma-core's {@code pingpong.c}). A zero GID means "no GRH".
 *
 * <p>Two processes exchange their destinations out of band (over TCP, as rdma-core's examples and perftest
 * do, or by any other means) before {@link ConnectRecipe} moves each queue pair to RTS towards the other's.
 *
 * @param lid the port's LID (0 on Ethernet)
 * @param qpn the queue pair number (24 bits)
 * @param psn the starting packet sequence number (24 bits)
 * @param gid the port's GID at the chosen index, or {@link Gid#ZERO} without one
 */
public record Destination(int lid, int qpn, int psn, Gid gid) {

    /** The destination of an unused slot: all zeros (the C tools send those for unused queue pairs). */
    public static final Destination NONE = new Destination(0, 0, 0, Gid.ZERO);

    /**
     * @param context the device
     * @param port the port number
     * @param gidIndex the GID index, or a negative number for none (as {@code -g} left out)
     * @param qpn the queue pair number
     * @param psn the starting PSN
     * @return the destination a peer needs to reach this queue pair
     */
    public static Destination of(Context context, int port, int gidIndex, int qpn, int psn) {
        Gid gid = gidIndex < 0 ? Gid.ZERO : context.queryGid(port, gidIndex);
        return new Destination(context.queryPort(port).lid(), qpn, psn, gid);
    }

    /**
     * @return whether a route to this destination needs a GRH: the C tools add one when the GID's
     *     interface ID (its low 64 bits) is not zero
     */
    public boolean needsGrh() {
        return gid.low() != 0;
    }
}
