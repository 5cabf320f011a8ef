package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.Capability;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.OpsFlag;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqOpcode;
import org.verbs4j.SrqOperation;
import org.verbs4j.TmCap;
import org.verbs4j.TmhOpcode;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * Tag-matching shared receive queues ({@code ibv_post_srq_ops(3)}, rdma-core's
 * {@code Documentation/tag_matching.md} and {@code test_tag_matching.py}, reference D.7): TAG_ADD,
 * TAG_DEL and TAG_SYNC, eager and rendezvous messages, unexpected and untagged messages. Where the
 * documentation and mlx5 disagree, the kit follows mlx5 and pyverbs.
 */
@TckArea("tag-matching SRQ")
public abstract class TagMatchingVerification extends AreaVerification {

    private static final int PAYLOAD = 64;
    private static final int MAX_TAGS = 4;
    private static final int SIGNALED = (int) OpsFlag.SIGNALED.value();

    private ProtectionDomain pd;
    private ProtectionDomain serverPd;
    private CompletionQueue tmCq;
    private SharedReceiveQueue srq;
    private QueuePair client;
    private CompletionQueue clientCq;
    private MemoryRegion clientMr;
    private MemoryRegion serverMr;

    /** Creates the area. */
    protected TagMatchingVerification() {
    }

    @BeforeEach
    final void createTagMatchingSrq() {
        pd = protectionDomain();
        // The gate comes first and uses a plain CQ: a device without tag matching may also refuse TM_INFO.
        requireCapability(Capability.TAG_MATCHING, "ibv_create_srq_ex(IBV_SRQT_TM)",
                () -> context().createSharedReceiveQueue(
                        SrqInitAttributes.tagMatching(pd, 33, 1, completionQueue(8), new TmCap(MAX_TAGS, 10))));
        serverPd = protectionDomain(Side.RESPONDER);
        tmCq = track(server().createCompletionQueue(CqInitAttributes.builder(128)
                .wcFlags(EnumSet.of(CompletionField.BYTE_LEN, CompletionField.QP_NUM, CompletionField.TM_INFO))
                .build()));
        srq = track(server().createSharedReceiveQueue(
                SrqInitAttributes.tagMatching(serverPd, 33, 1, tmCq, new TmCap(MAX_TAGS, 10))));
        clientCq = completionQueue(64);
        QpInitAttributes clientAttributes = loopback().connectedAttributes(QpType.RC, pd, clientCq).build();
        loopback().requireType(clientAttributes);
        loopback().requireActivePort();
        client = queuePair(clientAttributes);
        QueuePair server = track(server().createQueuePair(loopback().connectedAttributes(QpType.RC, serverPd, tmCq)
                .srq(srq).build()));
        loopback().toRts(client, server);
        loopback().toRts(server, client);
        clientMr = openMemoryRegion(pd, 4096);
        serverMr = openMemoryRegion(serverPd, 4096);
    }

    /** @return the context of the server, which receives through the tag-matching SRQ: the responder end's */
    private Context server() {
        return context(Side.RESPONDER);
    }

    private SrqOperation addTag(long tag, long recvWrId, long offset) {
        SrqOperation add = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).wrId(1000 + tag).flags(SIGNALED)
                .tag(tag).mask(0xffff).recvWrId(recvWrId);
        add.sgList().add(serverMr, offset, PAYLOAD);
        srq.postOps(add);
        Completion added = awaitTm("the TAG_ADD of tag " + tag);
        assertEquals(new Kind(1000 + tag, WcStatus.SUCCESS, WcOpcode.TM_ADD), Kind.of(added), "TAG_ADD completion");
        return add;
    }

    /** Sends TMH(opcode, app_ctx, tag) followed by the payload of {@code seed} from the client. */
    private int sendTagged(TmhOpcode opcode, int appCtx, long tag, int seed) {
        TagMatchingHeaders.writeTmh(clientMr.segment(), 0, opcode, appCtx, tag);
        Payloads.write(clientMr.segment(), TagMatchingHeaders.TMH_SIZE, Payloads.pattern(seed, PAYLOAD));
        int length = TagMatchingHeaders.TMH_SIZE + PAYLOAD;
        WorkRequests.send(client, seed, clientMr, 0, length);
        Completions.awaitSuccess(clientCq, environment().completionTimeout(), "the client's SEND");
        return length;
    }

    private Completion awaitTm(String what) {
        return Completions.awaitOne(tmCq, environment().completionTimeout(), what);
    }

    /** Expected TM completions. */
    @Nested
    @DisplayName("expected messages")
    class Expected {

        @Test
        @DisplayName("test_tm_traffic: a matched EAGER message lands after its TMH in the tagged buffer, "
                + "TM_RECV with TM_MATCH and TM_DATA_VALID")
        void eagerMessageMatches() {
            addTag(0x11, 77, 0);
            sendTagged(TmhOpcode.EAGER, 0x5a5a, 0x11, 1);
            Completion received = awaitTm("the tagged receive");
            assertAll(() -> assertEquals(new Kind(77, WcStatus.SUCCESS, WcOpcode.TM_RECV), Kind.of(received)),
                    () -> assertEquals(WcFlag.TM_MATCH.value() | WcFlag.TM_DATA_VALID.value(),
                            received.wcFlags() & tmFlags(), "wc_flags"),
                    () -> assertNotNull(received.tmInfo(), "tm_info"),
                    () -> assertEquals(0x11, received.tmInfo().tag(), "tm_info.tag"),
                    () -> assertEquals(0x5a5a, received.tmInfo().priv(), "tm_info.priv (app_ctx)"),
                    () -> Payloads.assertPayload(serverMr.segment(), 0, Payloads.pattern(1, PAYLOAD),
                            "payload in the tagged buffer"));
        }

        @Test
        @DisplayName("ibv_post_srq_ops(3) matching rule: tag & mask == entry tag; the earliest matching entry wins")
        void earliestMatchingEntryWins() {
            addTag(0x21, 1, 0);
            addTag(0x21, 2, PAYLOAD);
            sendTagged(TmhOpcode.EAGER, 0, 0x21, 2);
            assertEquals(1, awaitTm("the tagged receive").wrId(), "the first posted entry must match first");
            Payloads.assertPayload(serverMr.segment(), 0, Payloads.pattern(2, PAYLOAD), "first tagged buffer");
        }

        @Test
        @DisplayName("test_tm_rndv: RNDV is read by the receiver: TM_RECV TM_MATCH, then TM_DATA_VALID, FIN to the sender")
        void rendezvous() {
            addTag(0x31, 31, 0);
            WorkRequests.receive(client, 500, clientMr, 2048, 64);
            Payloads.write(clientMr.segment(), 1024, Payloads.pattern(3, PAYLOAD));
            TagMatchingHeaders.writeTmh(clientMr.segment(), 0, TmhOpcode.RNDV, 9, 0x31);
            TagMatchingHeaders.writeRvh(clientMr.segment(), TagMatchingHeaders.TMH_SIZE, clientMr.address() + 1024,
                    clientMr.rkey(), PAYLOAD);
            WorkRequests.send(client, 3, clientMr, 0, TagMatchingHeaders.TMH_SIZE + TagMatchingHeaders.RVH_SIZE);
            List<Completion> server = Completions.await(tmCq, 2, environment().completionTimeout(),
                    "the rendezvous match and data");
            List<Completion> sender = Completions.await(clientCq, 2, environment().completionTimeout(),
                    "the client's SEND and the FIN");
            assertAll(() -> assertEquals(WcFlag.TM_MATCH.value(), server.get(0).wcFlags() & tmFlags(), "first"),
                    () -> assertEquals(WcFlag.TM_DATA_VALID.value(), server.get(1).wcFlags() & tmFlags(), "second"),
                    () -> assertEquals(List.of(31L, 31L), server.stream().map(Completion::wrId).toList()),
                    () -> assertTrue(sender.stream().anyMatch(c -> c.wrId() == 500 && c.opcode() == WcOpcode.RECV),
                            () -> "the sender gets the FIN as an ordinary receive: " + sender),
                    () -> Payloads.assertPayload(serverMr.segment(), 0, Payloads.pattern(3, PAYLOAD),
                            "rendezvous data read into the tagged buffer"));
        }
    }

    /** Unexpected, untagged and list operations. */
    @Nested
    @DisplayName("unexpected messages and list operations")
    class Unexpected {

        @Test
        @DisplayName("test_tm_unexpected_tag: an unmatched message goes whole into an SRQ buffer: TM_RECV, flags 0; "
                + "TAG_SYNC then completes")
        void unexpectedMessage() {
            WorkRequests.receive(srq, 27, serverMr, 1024, 1024);
            int length = sendTagged(TmhOpcode.EAGER, 0, 0x1234, 4);
            Completion received = awaitTm("the unexpected message");
            assertAll(() -> assertEquals(new Kind(27, WcStatus.SUCCESS, WcOpcode.TM_RECV), Kind.of(received)),
                    () -> assertEquals(0, received.wcFlags() & tmFlags(), "no TM_MATCH, no TM_DATA_VALID"),
                    () -> assertEquals(length, received.byteLen(), "byte_len: the whole message with its TMH"),
                    () -> Payloads.assertPayload(serverMr.segment(), 1024 + TagMatchingHeaders.TMH_SIZE,
                            Payloads.pattern(4, PAYLOAD), "payload after the TMH in the SRQ buffer"));
            srq.postOps(new SrqOperation(0).opcode(SrqOpcode.TAG_SYNC).wrId(28)
                    .flags(SIGNALED | (int) OpsFlag.TM_SYNC.value()).unexpectedCnt(1));
            assertEquals(new Kind(28, WcStatus.SUCCESS, WcOpcode.TM_SYNC), Kind.of(awaitTm("the TAG_SYNC")));
        }

        @Test
        @DisplayName("ibv_post_srq_ops(3): after an unexpected message, a TAG_ADD that does not report it carries "
                + "TM_SYNC_REQ, one that does (TM_SYNC) does not")
        void addAfterUnexpectedRequestsSync() {
            WorkRequests.receive(srq, 27, serverMr, 1024, 1024);
            sendTagged(TmhOpcode.EAGER, 0, 0x1234, 5);
            awaitTm("the unexpected message");
            SrqOperation unsynced = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).wrId(1).flags(SIGNALED).tag(0x40)
                    .mask(0xffff).recvWrId(40);
            unsynced.sgList().add(serverMr, 0, PAYLOAD);
            srq.postOps(unsynced);
            assertTrue(awaitTm("the unsynchronised TAG_ADD").has(WcFlag.TM_SYNC_REQ), "TM_SYNC_REQ");
            SrqOperation synced = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).wrId(2)
                    .flags(SIGNALED | (int) OpsFlag.TM_SYNC.value()).unexpectedCnt(1).tag(0x41).mask(0xffff)
                    .recvWrId(41);
            synced.sgList().add(serverMr, PAYLOAD, PAYLOAD);
            srq.postOps(synced);
            assertFalse(awaitTm("the synchronised TAG_ADD").has(WcFlag.TM_SYNC_REQ), "TM_SYNC_REQ after sync");
        }

        @Test
        @DisplayName("test_tm_no_tag: a NO_TAG message goes whole into an SRQ buffer with opcode TM_NO_TAG")
        void noTagMessage() {
            WorkRequests.receive(srq, 30, serverMr, 1024, 1024);
            int length = sendTagged(TmhOpcode.NO_TAG, 0, 0, 6);
            Completion received = awaitTm("the untagged message");
            assertAll(() -> assertEquals(new Kind(30, WcStatus.SUCCESS, WcOpcode.TM_NO_TAG), Kind.of(received)),
                    () -> assertEquals(length, received.byteLen(), "byte_len: the whole message"),
                    () -> Payloads.assertPayload(serverMr.segment(), 1024 + TagMatchingHeaders.TMH_SIZE,
                            Payloads.pattern(6, PAYLOAD), "payload in the SRQ buffer"));
        }

        @Test
        @DisplayName("tag_matching.md: a NO_TAG message is not unexpected: the next TAG_ADD needs no sync")
        void noTagNeedsNoSync() {
            WorkRequests.receive(srq, 30, serverMr, 1024, 1024);
            sendTagged(TmhOpcode.NO_TAG, 0, 0, 9);
            assertEquals(WcOpcode.TM_NO_TAG, awaitTm("the untagged message").opcode());
            SrqOperation add = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).wrId(3).flags(SIGNALED).tag(0x70)
                    .mask(0xffff).recvWrId(70);
            add.sgList().add(serverMr, 0, PAYLOAD);
            srq.postOps(add);
            assertFalse(awaitTm("the TAG_ADD after a NO_TAG message").has(WcFlag.TM_SYNC_REQ), "TM_SYNC_REQ");
        }

        @Test
        @DisplayName("ibv_post_srq_ops(3) TAG_DEL: a deleted tag no longer matches")
        void deletedTagNoLongerMatches() {
            SrqOperation add = addTag(0x51, 51, 0);
            srq.postOps(new SrqOperation(0).opcode(SrqOpcode.TAG_DEL).wrId(52).flags(SIGNALED).handle(add.handle()));
            assertEquals(new Kind(52, WcStatus.SUCCESS, WcOpcode.TM_DEL), Kind.of(awaitTm("the TAG_DEL")));
            WorkRequests.receive(srq, 53, serverMr, 1024, 1024);
            sendTagged(TmhOpcode.EAGER, 0, 0x51, 7);
            Completion received = awaitTm("the message for the deleted tag");
            assertAll(() -> assertEquals(53, received.wrId(), "it went to the SRQ buffer"),
                    () -> assertEquals(0, received.wcFlags() & tmFlags(), "unexpected: no TM_MATCH"));
        }

        @Test
        @DisplayName("ibv_post_srq_ops(3) TAG_DEL: deleting a tag a message already consumed completes with TM_ERR")
        void deletingAConsumedTag() {
            SrqOperation add = addTag(0x61, 61, 0);
            sendTagged(TmhOpcode.EAGER, 0, 0x61, 8);
            assertEquals(61, awaitTm("the tagged receive").wrId());
            srq.postOps(new SrqOperation(0).opcode(SrqOpcode.TAG_DEL).wrId(62).flags(SIGNALED).handle(add.handle()));
            Completion deleted = awaitTm("the TAG_DEL of the consumed tag");
            assertAll(() -> assertEquals(62, deleted.wrId()),
                    () -> assertEquals(WcStatus.TM_ERR, deleted.status(), () -> "TAG_DEL of a consumed tag: " + deleted));
        }

        @Test
        @DisplayName("ibv_post_srq_ops(3), mlx5: the list holds the SRQ's max_num_tags entries; a full list refuses "
                + "(ENOMEM)")
        void fullTagList() {
            int added = 0;
            OutOfResourcesException refusal = null;
            SrqOperation add = null;
            while (refusal == null && added <= server().queryDevice().tmCaps().maxNumTags()) {
                add = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).tag(added).mask(0xffff).recvWrId(added);
                add.sgList().add(serverMr, 0, PAYLOAD);
                try {
                    srq.postOps(add);
                    added++;
                } catch (OutOfResourcesException e) {
                    refusal = e;
                }
            }
            int count = added;
            assertNotNull(refusal, () -> "the list accepted " + count + " tags, more than max_num_tags");
            assertSame(add, refusal.failedRequest(), "bad_wr names the refused operation");
            assertEquals(MAX_TAGS, count, "tags the list took before refusing (the SRQ's max_num_tags)");
        }

        @Test
        @DisplayName("ibv_post_srq_ops(3): list operations on a basic SRQ are refused as unsupported")
        void basicSrqHasNoTagList() {
            SharedReceiveQueue basic = track(server().createSharedReceiveQueue(SrqInitAttributes.basic(serverPd, 4,
                    1)));
            SrqOperation add = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).tag(1).mask(1);
            add.sgList().add(serverMr, 0, PAYLOAD);
            assertThrows(UnsupportedVerbException.class, () -> basic.postOps(add));
        }
    }

    private static int tmFlags() {
        return (int) (WcFlag.TM_MATCH.value() | WcFlag.TM_DATA_VALID.value());
    }

    /** The fields every TM completion check starts with. */
    private record Kind(long wrId, WcStatus status, WcOpcode opcode) {
        static Kind of(Completion completion) {
            return new Kind(completion.wrId(), completion.status(), completion.opcode());
        }
    }
}
