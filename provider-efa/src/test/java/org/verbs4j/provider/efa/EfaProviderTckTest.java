package org.verbs4j.provider.efa;

import java.util.ArrayList;
import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.KnownBug;
import org.verbs4j.tck.VerbsTck;

/**
 * The conformance kit against the efa provider; without its device the kit reports "no device" once. What EFA
 * lacks (RC, UC, XRC, SRQ, completion channels without CQ notifications) the device withdraws, and the kit
 * reports it unsupported; the rules an EFA device breaks by design are named here as known bugs.
 */
class EfaProviderTckTest extends VerbsTck {

    private static final String UD_LAYOUT = "the emulated EFA device (test code) places a UD payload at offset 0 "
            + "and counts no GRH in byte_len, and libefa never sets IBV_WC_GRH (efa_poll_cq)";

    private static final String UNKNOWN_SENDER =
            "efadv_create_cq(3): the receive of a sender with no address handle here carries its GID";

    private static final String REPLY_FROM_COMPLETION = "ibv_create_ah_from_wc(3): the receiver of a UD SEND replies "
            + "through an address handle made from the completion and its GRH (ibv_init_ah_from_wc's attributes, the "
            + "sender's GID as destination)";

    @Override
    protected VerbsProvider provider() {
        return new EfaProvider();
    }

    @Override
    protected List<KnownBug> knownBugs(Device device) {
        List<KnownBug> bugs = new ArrayList<>(super.knownBugs(device));
        bugs.add(new KnownBug(UNKNOWN_SENDER, "EFA: address handles are the device's, not the context's, so the "
                + "second context's handle towards this device makes the sender known and efadv_wc_read_sgid gives "
                + "-ENOENT; EfaSrdTest reads the source GID of a sender on a second device"));
        bugs.add(new KnownBug(REPLY_FROM_COMPLETION, "EFA: libefa never sets IBV_WC_GRH (efa_poll_cq), so the "
                + "reply's address built from the completion has no sender GID and ibv_create_ah_from_wc fails with "
                + "EINVAL; an EFA receiver reads the sender's GID with efadv_wc_read_sgid instead (EfaSrdTest)"));
        if (emulated()) {
            bugs.add(new KnownBug("test_qpex ud_send: the payload arrives after the 40-byte GRH, with src_qp and "
                    + "IBV_WC_GRH", UD_LAYOUT));
            bugs.add(new KnownBug("test_qpex ud_send_imm: a UD SEND_WITH_IMM carries the immediate data", UD_LAYOUT));
            bugs.add(new KnownBug("test_qpex ud_zero_size: a zero-byte UD SEND succeeds", UD_LAYOUT));
        }
        return bugs;
    }

    private static boolean emulated() {
        String preload = System.getenv("LD_PRELOAD");
        return preload != null && preload.contains("efa-emu");
    }
}
