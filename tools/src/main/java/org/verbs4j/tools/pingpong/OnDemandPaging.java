package org.verbs4j.tools.pingpong;

import java.lang.foreign.Arena;
import java.util.EnumSet;
import org.verbs4j.AccessFlag;
import org.verbs4j.Context;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.VerbsException;

/**
 * {@code -o}: whether the device registers memory for on-demand paging. The C tools read the device's ODP
 * capabilities; here a page is registered with {@code IBV_ACCESS_ON_DEMAND} and the device's refusal is
 * reported the C tools' way, with its reason.
 */
final class OnDemandPaging {

    private static final int PAGE = 4096;

    private OnDemandPaging() {
    }

    /**
     * @param context the device
     * @throws PingPongFailure if the device refuses an on-demand registration
     */
    static void check(Context context) {
        try (Arena arena = Arena.ofConfined(); ProtectionDomain pd = context.allocateProtectionDomain();
                MemoryRegion probe = pd.registerMemory(arena.allocate(PAGE, PAGE),
                        EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.ON_DEMAND))) {
            probe.lkey();
        } catch (VerbsException refused) {
            throw new PingPongFailure("The device isn't ODP capable (ibv_reg_mr with IBV_ACCESS_ON_DEMAND: "
                    + refused.getMessage() + ")");
        }
    }
}
