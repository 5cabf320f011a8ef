package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verbs4j.AccessFlag;
import org.verbs4j.AsyncEvent;
import org.verbs4j.CompletionQueue;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;

/** The control path's JFR events, recorded as a user would: with the JDK's default settings. */
class FlightRecorderEventsTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    @TempDir
    Path directory;

    @Test
    void objectsStatesAsyncEventsAndFailuresAreRecorded() throws IOException, ParseException {
        List<RecordedEvent> events = record(() -> {
            Rig rig = new Rig();
            CompletionQueue cq = rig.cq(16);
            QueuePair qp = rig.qp(QpType.RC, cq, 4);
            rig.region(4096).close();
            rig.connect(qp, qp, Set.of(AccessFlag.LOCAL_WRITE), 7);
            qp.modify(new QpAttributes().qpState(QpState.SQD).enSqdAsyncNotify(true));
            AsyncEvent drained = rig.context.getAsyncEvent(WAIT);
            rig.context.ackAsyncEvent(drained);
            assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.INIT)))
                    .isInstanceOf(InvalidArgumentException.class);
            qp.close();
            cq.close();
            rig.pd.close();
            rig.context.close();
            rig.arena.close();
        });
        assertThat(events).filteredOn(event -> named(event, "ObjectCreated"))
                .extracting(event -> event.getString("device") + " " + event.getString("kind"))
                .containsSubsequence("soft0 context of soft0", "soft0 protection domain", "soft0 completion queue",
                        "soft0 queue pair", "soft0 memory region");
        assertThat(events).filteredOn(event -> named(event, "MemoryRegistered")).singleElement()
                .satisfies(event -> assertThat(event.getLong("bytes")).isEqualTo(4096))
                .satisfies(event -> assertThat(event.getString("device")).isEqualTo("soft0"));
        assertThat(events).filteredOn(event -> named(event, "QpStateChanged"))
                .extracting(event -> event.getString("from") + "->" + event.getString("to"))
                .containsExactly("RESET->INIT", "INIT->RTR", "RTR->RTS", "RTS->SQD");
        assertThat(events).filteredOn(event -> named(event, "AsyncEvent"))
                .extracting(event -> event.getString("type") + " " + event.getString("element"))
                .containsExactly("IBV_EVENT_SQ_DRAINED queue pair");
        assertThat(events).filteredOn(event -> named(event, "VerbFailed")).singleElement()
                .satisfies(event -> assertThat(event.getString("verb")).isEqualTo("ibv_modify_qp"))
                .satisfies(event -> assertThat(event.getInt("errno")).isEqualTo(22))
                .satisfies(event -> assertThat(event.getString("message")).contains("RC SQD -> INIT"));
        assertThat(events).filteredOn(event -> named(event, "ObjectDestroyed"))
                .extracting(event -> event.getString("kind"))
                .containsSubsequence("memory region", "queue pair", "completion queue", "protection domain",
                        "context of soft0");
    }

    @Test
    void connectionManagerEventsAreRecorded() throws IOException, ParseException {
        ConnectionManager cm = new SoftProvider().connectionManager();
        List<RecordedEvent> events = record(() -> {
            try (EventChannel channel = cm.createEventChannel();
                 CmId id = cm.createId(channel, PortSpace.TCP, null)) {
                id.resolveAddress(null, new InetSocketAddress(InetAddress.getByName("10.83.0.1"), 1), WAIT);
                CmEvent resolved = channel.getEvent(WAIT);
                resolved.ack();
            }
        });
        assertThat(events).filteredOn(event -> named(event, "CmEvent"))
                .extracting(event -> event.getString("type") + " " + event.getInt("status"))
                .containsExactly("RDMA_CM_EVENT_ADDR_RESOLVED 0");
        assertThat(events).filteredOn(event -> named(event, "ObjectCreated"))
                .extracting(event -> event.getString("kind"))
                .containsExactly("event channel", "communication identifier");
    }

    @Test
    void errorCompletionsAreRecordedWithTheirFieldsAndSuccessfulOnesAreNot() throws IOException, ParseException {
        List<Wc> polled = new ArrayList<>();
        List<RecordedEvent> events = record(() -> polled.addAll(successThenBadLkeyThenFlush()));
        assertThat(polled).extracting(Wc::status).containsExactlyInAnyOrder(WcStatus.SUCCESS, WcStatus.SUCCESS,
                WcStatus.LOC_PROT_ERR, WcStatus.WR_FLUSH_ERR);
        List<Wc> errors = polled.stream().filter(wc -> wc.status() != WcStatus.SUCCESS).toList();
        assertThat(events).filteredOn(event -> named(event, "ErrorCompletion"))
                .extracting(event -> event.getString("device") + " " + event.getString("status") + " wr_id "
                        + event.getLong("wrId") + " qp " + event.getInt("qpNum") + " vendor_err "
                        + event.getInt("vendorErr"))
                .containsExactlyElementsOf(errors.stream().map(wc -> "soft0 IBV_WC_" + wc.status() + " wr_id "
                        + wc.wrId() + " qp " + wc.qpNum() + " vendor_err " + wc.flags()).toList());
    }

    @Test
    void errorCompletionsAreNotRecordedWhenTheEventIsDisabled() throws IOException, ParseException {
        List<Wc> polled = new ArrayList<>();
        List<RecordedEvent> events = record(() -> polled.addAll(successThenBadLkeyThenFlush()),
                "org.verbs4j.ErrorCompletion");
        assertThat(polled).extracting(Wc::status).contains(WcStatus.LOC_PROT_ERR, WcStatus.WR_FLUSH_ERR);
        assertThat(events).filteredOn(event -> named(event, "ErrorCompletion")).isEmpty();
        assertThat(events).filteredOn(event -> named(event, "QpStateChanged")).isNotEmpty();
    }

    /**
     * On a queue pair connected to itself: a receive and a SEND that succeed, then a receive and a SEND whose
     * lkey is unknown, which fails (LOC_PROT_ERR) and flushes the receive (WR_FLUSH_ERR).
     *
     * @return every completion, read as an application reads it; {@link Wc#flags} holds the vendor error
     */
    private static List<Wc> successThenBadLkeyThenFlush() {
        List<Wc> polled = new ArrayList<>();
        Rig rig = new Rig();
        try (rig) {
            CompletionQueue cq = rig.cq(16);
            QueuePair qp = rig.qp(QpType.RC, cq, 4);
            MemoryRegion mr = rig.region(4096);
            rig.connect(qp, qp, Set.of(AccessFlag.LOCAL_WRITE), 7);
            Rig.postRecv(qp, 1, mr, 0, 64);
            send(qp, 2, mr.lkey(), mr);
            Rig.postRecv(qp, 3, mr, 0, 64);
            send(qp, 4, mr.lkey() + 0x100, mr);
            for (int i = 0; i < 4; i++) {
                polled.add(pollWithVendorError(cq));
            }
            qp.close();
            cq.close();
            mr.close();
            rig.pd.close();
        }
        rig.context.close(); // after the rig acknowledged the queue pair's fatal error event
        return polled;
    }

    private static void send(QueuePair qp, long wrId, int lkey, MemoryRegion mr) {
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags(SendFlag.SIGNALED).send().setSge(lkey, mr.address() + 1024, 64);
        ops.complete();
    }

    private static Wc pollWithVendorError(CompletionQueue cq) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!cq.startPoll()) {
            assertThat(System.nanoTime()).as("a completion within " + WAIT).isLessThan(deadline);
            Thread.onSpinWait();
        }
        Wc wc = new Wc(cq.wrId(), cq.status(), null, 0, 0, cq.readQpNum(), 0, cq.readVendorErr());
        cq.endPoll();
        return wc;
    }

    private List<RecordedEvent> record(Action action, String... disabled) throws IOException, ParseException {
        try (Recording recording = new Recording(Configuration.getConfiguration("default"))) {
            for (String name : disabled) {
                recording.disable(name);
            }
            recording.start();
            try {
                action.run();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            recording.stop();
            Path file = directory.resolve("verbs.jfr");
            recording.dump(file);
            return RecordingFile.readAllEvents(file).stream()
                    .filter(event -> event.getEventType().getName().startsWith("org.verbs4j.")).toList();
        }
    }

    private static boolean named(RecordedEvent event, String name) {
        return event.getEventType().getName().equals("org.verbs4j." + name);
    }

    /** What runs while the recording is on. */
    private interface Action {
        void run() throws Exception;
    }
}
