package org.verbs4j.provider.generic.interop;

import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpAttrMask;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcFlag;
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
 * Both sides of librdmacm's example {@code udaddy} (RDMA_PS_UDP). The client resolves the server's QP through the
 * CM (the ESTABLISHED event's UD parameters), sends it {@code count} messages as SEND with immediate (the
 * immediate is this QP's number, from which the server makes its reply address), and receives its {@code count}
 * replies, each with the 40-byte GRH before it. The server replies as the C one does.
 */
final class UdaddyPeer {

    private static final int GRH = 40;

    private UdaddyPeer() {
    }

    /**
     * Serves one {@code udaddy} client: accepts its request on a UD QP, receives its {@code count} messages (SEND with
     * immediate, the immediate being its QP number), makes the reply's address handle from the first completion
     * and its GRH ({@code ibv_create_ah_from_wc}, as the C server does), and sends {@code count} replies to that
     * QP with this QP's Q_Key, which the CM set.
     */
    static String serve(ConnectionManager cm, InetSocketAddress address, int size, int count, Runnable ready) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.listenAndTakeRequest(address, PortSpace.UDP, ready).ack();
            peer.createQp(count, count, 0, Set.of(SendOpsFlag.SEND_WITH_IMM));
            int slot = size + GRH;
            MemoryRegion recv = peer.register(slot * count, EnumSet.of(AccessFlag.LOCAL_WRITE));
            MemoryRegion send = peer.register(size, EnumSet.noneOf(AccessFlag.class));
            for (int i = 0; i < count; i++) {
                WorkRequests.receive(peer.qp, i, recv, (long) i * slot, slot);
            }
            peer.id.accept(ConnParam.defaults());
            int qkey = peer.qp.query(EnumSet.of(QpAttrMask.QKEY)).qkey();
            Sender sender = CmPeer.atNextCompletion(peer.recvCq, "message 0", cq -> Sender.of(cq, peer,
                    recv.segment().asSlice(cq.wrId() * slot, GRH), size + GRH));
            for (int i = 1; i < count; i++) {
                Completion message = CmPeer.await(peer.recvCq, "message " + i);
                if (message.byteLen() != size + GRH || message.srcQp() != sender.qpNum()) {
                    throw new IllegalStateException("message " + i + ": " + message);
                }
            }
            try (AddressHandle ah = sender.ah()) {
                for (int i = 0; i < count; i++) {
                    SendOps ops = peer.qp.sendOps();
                    ops.start();
                    ops.wrId(i).wrFlags((int) SendFlag.SIGNALED.value());
                    ops.sendWithImm(peer.qp.qpNum()).setUdAddr(ah, sender.qpNum(), qkey);
                    ops.setSge(send.lkey(), send.address(), size);
                    ops.complete();
                    CmPeer.await(peer.sendCq, "reply " + i);
                }
                return "received " + count + " datagrams of " + size + " bytes from udaddy's QP " + sender.qpNum()
                        + ", replied " + count + " times through the address handle made from the first completion "
                        + "(" + ah.attributes() + "), Q_Key 0x" + Integer.toHexString(qkey);
            }
        }
    }

    /**
     * The sender of a message: its QP number, which it sent as the immediate and which the completion's
     * {@code src_qp} must confirm, and an address handle to it made from the completion.
     */
    private record Sender(AddressHandle ah, int qpNum) {

        static Sender of(CompletionQueue cq, CmPeer peer, MemorySegment grh, int length) {
            int immediate = cq.readImmData();
            if (cq.readOpcode() != WcOpcode.RECV || cq.readByteLen() != length || cq.readSrcQp() != immediate
                    || (cq.readWcFlags() & WcFlag.WITH_IMM.value()) == 0) {
                throw new IllegalStateException("message 0: " + Completion.current(cq));
            }
            return new Sender(peer.pd.createAddressHandleFromCompletion(cq, grh, peer.id.portNum()), immediate);
        }
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
