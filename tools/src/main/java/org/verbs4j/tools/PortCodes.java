package org.verbs4j.tools;

/**
 * The port codes {@code ibv_devinfo -v} decodes, as rdma-core's {@code libibverbs/examples/devinfo.c}
 * writes them: {@code "LINK_UP (5)"}, {@code "4X (2)"}, {@code "25.0 Gbps (32)"}.
 */
final class PortCodes {

    private PortCodes() {
    }

    /** @param state {@code phys_state} @return its name and code */
    static String physState(int state) {
        String name = switch (state) {
            case 1 -> "SLEEP";
            case 2 -> "POLLING";
            case 3 -> "DISABLED";
            case 4 -> "PORT_CONFIGURATION TRAINNING";
            case 5 -> "LINK_UP";
            case 6 -> "LINK_ERROR_RECOVERY";
            case 7 -> "PHY TEST";
            default -> "invalid physical state";
        };
        return name + " (" + state + ")";
    }

    /** @param width {@code active_width} (enum ibv_port_width) @return its lane count and code */
    static String width(int width) {
        String name = switch (width) {
            case 1 -> "1X";
            case 2 -> "4X";
            case 4 -> "8X";
            case 8 -> "12X";
            case 16 -> "2X";
            default -> "invalid width";
        };
        return name + " (" + width + ")";
    }

    /** @param speed {@code active_speed} or {@code active_speed_ex} (enum ibv_port_speed) @return its rate and code */
    static String speed(int speed) {
        String name = switch (speed) {
            case 1 -> "2.5 Gbps";
            case 2 -> "5.0 Gbps";
            case 4, 8 -> "10.0 Gbps";
            case 16 -> "14.0 Gbps";
            case 32 -> "25.0 Gbps";
            case 64 -> "50.0 Gbps";
            case 128 -> "100.0 Gbps";
            case 256 -> "200.0 Gbps";
            default -> "invalid speed";
        };
        return name + " (" + speed + ")";
    }
}
