package org.verbs4j.provider.generic.interop;

import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.MemoryRegion;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.cm.UdParam;
import org.verbs4j.tck.Completion;
import org.verbs4j.tck.WorkRequests;

/**
 * The client of librdmacm's example {@code udaddy} (RDMA_PS_UDP): resolves the server's QP through the CM (the
 * ESTABLISHED event's UD parameters), sends it {@code count} messages as SEND with immediate (the immediate is
 * this QP's number, from which the server makes its reply address), and receives its {@code count} replies, each
 * with the 40-byte GRH before it.
 */
final class UdaddyPeer {

    private static final int GRH = 40;

    private UdaddyPeer() {
    }

    static String connect(ConnectionManager cm, InetSocketAddress server, int size, int count) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.resolve(server, PortSpace.UDP);
            peer.createQp(count, count, 0, Set.of(SendOpsFlag.SEND_WITH_IMM));
            MemoryRegion recv = peer.register(size + GRH, EnumSet.of(AccessFlag.LOCAL_WRITE));
            MemoryRegion send = peer.register(size, EnumSet.noneOf(AccessFlag.class));
            for (int i = 0; i < count; i++) {
                WorkRequests.receive(peer.qp, i, recv, 0, size + GRH);
            }
            peer.id.connect(ConnParam.defaults());
            CmEvent established = peer.expect(CmEventType.ESTABLISHED);
            UdParam ud = established.udParam().orElseThrow();
            established.ack();
            try (AddressHandle ah = peer.pd.createAddressHandle(ud.ahAttr())) {
                for (int i = 0; i < count; i++) {
                    SendOps ops = peer.qp.sendOps();
                    ops.start();
                    ops.wrId(i).wrFlags((int) SendFlag.SIGNALED.value());
                    ops.sendWithImm(peer.qp.qpNum()).setUdAddr(ah, ud.qpNum(), ud.qkey());
                    ops.setSge(send.lkey(), send.address(), size);
                    ops.complete();
                    CmPeer.await(peer.sendCq, "message " + i);
                }
                for (int i = 0; i < count; i++) {
                    Completion reply = CmPeer.await(peer.recvCq, "reply " + i);
                    if (reply.opcode() != WcOpcode.RECV || reply.byteLen() != size + GRH) {
                        throw new IllegalStateException("reply " + i + ": " + reply);
                    }
                }
            }
            return "sent " + count + " datagrams of " + size + " bytes to udaddy's QP " + ud.qpNum() + " (Q_Key 0x"
                    + Integer.toHexString(ud.qkey()) + "), received its " + count + " replies";
        }
    }
}
