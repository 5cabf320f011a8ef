package org.verbs4j;

/**
 * An address vector (C {@code struct ibv_ah_attr}).
 *
 * @param grh the global route, required on RoCE; {@code null} for no GRH (C {@code is_global = 0})
 * @param dlid the destination LID (InfiniBand)
 * @param sl the service level
 * @param srcPathBits the source path bits
 * @param staticRate the static rate code
 * @param portNum the local port number
 */
public record AhAttributes(GlobalRoute grh, int dlid, int sl, int srcPathBits, int staticRate, int portNum) {

    /**
     * @param destination the destination GID
     * @param sgidIndex the index of the local GID to send from
     * @param portNum the local port number
     * @return a global (RoCE-style) address vector with hop limit 64 and everything else 0
     */
    public static AhAttributes global(Gid destination, int sgidIndex, int portNum) {
        return new AhAttributes(new GlobalRoute(destination, 0, sgidIndex, 64, 0), 0, 0, 0, 0, portNum);
    }

    /**
     * @param dlid the destination LID
     * @param portNum the local port number
     * @return an InfiniBand address vector without a global route: service level, path bits and
     *     static rate 0
     */
    public static AhAttributes local(int dlid, int portNum) {
        return new AhAttributes(null, dlid, 0, 0, 0, portNum);
    }

    /** @return whether a global route header is used (C {@code is_global}) */
    public boolean isGlobal() {
        return grh != null;
    }
}
