package org.verbs4j.provider.generic.device;

import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.verbs4j.Device;
import org.verbs4j.GidEntry;
import org.verbs4j.GidType;
import org.verbs4j.provider.generic.GenericProvider;
import org.verbs4j.spi.Availability;

/**
 * The real RDMA device the device tests run on: the first device of the generic provider, or the one
 * named by {@code verbs4j.test.device}. Without one the tests are aborted with the provider's reason
 * ("no RDMA device ..."), unless {@code verbs4j.test.requireDevice=true} (set in the rxe VM), which
 * turns that into a failure.
 */
final class RealDevice {

    private RealDevice() {
    }

    static Device require() {
        GenericProvider provider = new GenericProvider();
        Availability availability = provider.availability();
        if (!availability.available()) {
            String reason = "no RDMA device for the generic provider: " + availability.reason();
            if (Boolean.getBoolean("verbs4j.test.requireDevice")) {
                fail(reason);
            }
            Assumptions.abort(reason);
        }
        String wanted = System.getProperty("verbs4j.test.device", "");
        List<Device> devices = provider.devices();
        return devices.stream().filter(d -> wanted.isEmpty() || d.name().equals(wanted)).findFirst()
                .orElseThrow(() -> new AssertionError("no device named " + wanted + " in " + devices));
    }

    /**
     * @param table the port's GID table
     * @return {@code RXE_GID_INDEX} if set (the rxe VM sets it), else the index of an IPv4-mapped RoCE v2 GID,
     *     else of the first GID
     */
    static int gidIndex(List<GidEntry> table) {
        String fromVm = System.getenv("RXE_GID_INDEX");
        if (fromVm != null && !fromVm.isBlank()) {
            return Integer.parseInt(fromVm.strip());
        }
        return table.stream().filter(e -> e.type() == GidType.ROCE_V2)
                .filter(e -> e.gid().high() == 0 && (e.gid().low() >>> 32) == 0xffff)
                .mapToInt(GidEntry::index).findFirst()
                .orElse(table.isEmpty() ? 0 : table.getFirst().index());
    }
}
