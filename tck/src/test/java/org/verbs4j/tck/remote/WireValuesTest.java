package org.verbs4j.tck.remote;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionField;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Gid;
import org.verbs4j.GlobalRoute;
import org.verbs4j.Mtu;
import org.verbs4j.OpsFlag;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpState;
import org.verbs4j.SrqOpcode;
import org.verbs4j.SrqOperation;
import org.verbs4j.TmInfo;

/** Values on the wire, without a peer JVM: the kit JVM's end encodes, the peer's decodes, and back. */
class WireValuesTest {

    private final KitSide kit = new KitSide(null);
    private final PeerSide peer = new PeerSide();
    private final CallObjects kitCall = new CallObjects();
    private final CallObjects peerCall = new CallObjects();

    @Test
    void queuePairAttributesCrossWithTheirMaskAndEveryField() throws IOException {
        AhAttributes route = new AhAttributes(new GlobalRoute(Gid.parse("fe80::1"), 7, 1, 64, 3), 0, 2, 0, 0, 1);
        QpAttributes sent = new QpAttributes().qpState(QpState.RTR).pathMtu(Mtu.MTU_4096).destQpNum(0x123456)
                .rqPsn(99).ahAttr(route).qpAccessFlags(EnumSet.of(AccessFlag.REMOTE_READ, AccessFlag.REMOTE_WRITE))
                .cap(new QpCapabilities(1, 2, 3, 4, 5)).altAhAttr(route).altTimeout(17).sqDraining(true);
        QpAttributes got = (QpAttributes) toPeer(sent);
        assertAll(() -> assertNotSame(sent, got), () -> assertEquals(sent.mask(), got.mask()),
                () -> assertEquals(QpState.RTR, got.qpState()), () -> assertEquals(Mtu.MTU_4096, got.pathMtu()),
                () -> assertEquals(0x123456, got.destQpNum()), () -> assertEquals(99, got.rqPsn()),
                () -> assertEquals(route, got.ahAttr()), () -> assertEquals(route, got.altAhAttr()),
                () -> assertEquals(17, got.altTimeout()), () -> assertEquals(sent.qpAccessFlags(), got.qpAccessFlags()),
                () -> assertEquals(new QpCapabilities(1, 2, 3, 4, 5), got.cap()),
                () -> assertEquals(true, got.sqDraining()), () -> assertEquals(Set.of(QpAttrMask.STATE,
                        QpAttrMask.PATH_MTU, QpAttrMask.DEST_QPN, QpAttrMask.RQ_PSN, QpAttrMask.AV,
                        QpAttrMask.ACCESS_FLAGS, QpAttrMask.CAP, QpAttrMask.ALT_PATH), got.mask()));
    }

    @Test
    void aRecordsUserContextGoesOutAsAStandInAndComesBackAsItself() throws IOException {
        Object context = new Object();
        CqInitAttributes sent = CqInitAttributes.builder(32).cqContext(context)
                .wcFlags(EnumSet.of(CompletionField.BYTE_LEN)).build();
        CqInitAttributes atPeer = (CqInitAttributes) toPeer(sent);
        CqInitAttributes back = (CqInitAttributes) toKit(atPeer);
        assertAll(() -> assertInstanceOf(KitObject.class, atPeer.cqContext()),
                () -> assertEquals(32, atPeer.cqe()), () -> assertEquals(sent.wcFlags(), atPeer.wcFlags()),
                () -> assertSame(context, back.cqContext()), () -> assertNull(back.channel()));
    }

    @Test
    void aChainOfOperationsCrossesAndAnOutParameterComesBack() throws IOException {
        SrqOperation second = new SrqOperation(2).opcode(SrqOpcode.TAG_DEL).handle(5);
        SrqOperation first = new SrqOperation(2).wrId(7).opcode(SrqOpcode.TAG_ADD).tag(0xabcL).mask(-1L)
                .flags(EnumSet.of(OpsFlag.SIGNALED)).next(second);
        first.sgList().add(0x1000, 64, 0x77);
        TmInfo info = new TmInfo();
        List<?> atPeer = (List<?>) toPeer(List.of(first, info));
        SrqOperation copy = (SrqOperation) atPeer.get(0);
        ((TmInfo) atPeer.get(1)).set(0x5eedL, 42);
        writeBack(peerCall.indexOf(atPeer.get(1)), atPeer.get(1));
        assertAll(() -> assertEquals(7, copy.wrId()), () -> assertEquals(0xabcL, copy.tag()),
                () -> assertEquals(-1L, copy.mask()), () -> assertEquals(first.flags(), copy.flags()),
                () -> assertEquals(0x1000, copy.sgList().address(0)), () -> assertEquals(64, copy.sgList().length(0)),
                () -> assertEquals(0x77, copy.sgList().lkey(0)), () -> assertEquals(SrqOpcode.TAG_DEL,
                        copy.next().opcode()), () -> assertEquals(5, copy.next().handle()),
                () -> assertEquals(2, peerCall.indexOf(atPeer.get(1)), "the chain's second crossed before it"),
                () -> assertEquals(0x5eedL, info.tag()), () -> assertEquals(42, info.priv()));
    }

    @Test
    void collectionsArraysAndJavaValuesCross() throws IOException {
        Map<String, Object> sent = Map.of("optional", Optional.of(Duration.ofMillis(1500)), "empty", Optional.empty(),
                "ints", new int[] {1, 2, 3}, "bytes", new byte[] {4, 5}, "address",
                new InetSocketAddress("127.0.0.2", 4791), "noFlags", EnumSet.noneOf(AccessFlag.class), "flags",
                EnumSet.of(AccessFlag.LOCAL_WRITE), "gids", List.of(Gid.parse("::ffff:127.0.0.1")));
        Map<?, ?> got = (Map<?, ?>) toPeer(sent);
        assertAll(() -> assertEquals(Optional.of(Duration.ofMillis(1500)), got.get("optional")),
                () -> assertEquals(Optional.empty(), got.get("empty")),
                () -> assertArrayEquals(new int[] {1, 2, 3}, (int[]) got.get("ints")),
                () -> assertArrayEquals(new byte[] {4, 5}, (byte[]) got.get("bytes")),
                () -> assertEquals(sent.get("address"), got.get("address")),
                () -> assertEquals(Set.of(), got.get("noFlags")),
                () -> assertEquals(EnumSet.of(AccessFlag.LOCAL_WRITE), got.get("flags")),
                () -> assertInstanceOf(EnumSet.class, got.get("flags")),
                () -> assertEquals(sent.get("gids"), got.get("gids")));
    }

    private Object toPeer(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new Encoder(new DataOutputStream(bytes), kit, kitCall).write(value);
        return new Decoder(input(bytes), peer, peerCall).read();
    }

    private Object toKit(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new Encoder(new DataOutputStream(bytes), peer, new CallObjects()).write(value);
        return new Decoder(input(bytes), kit, new CallObjects()).read();
    }

    private void writeBack(int index, Object changed) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Encoder out = new Encoder(new DataOutputStream(bytes), peer, new CallObjects());
        out.data().writeInt(index);
        out.writeState(changed);
        new Decoder(input(bytes), kit, kitCall).readBack();
    }

    private static DataInputStream input(ByteArrayOutputStream bytes) {
        return new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    }
}
