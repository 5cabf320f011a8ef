package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
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
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
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

    private List<RecordedEvent> record(Action action) throws IOException, ParseException {
        try (Recording recording = new Recording(Configuration.getConfiguration("default"))) {
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
