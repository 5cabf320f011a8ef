package org.verbs4j.provider.generic.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcStatus;

/** The generic provider's JFR events on a real device, recorded with the JDK's default settings. */
class FlightRecorderOnDeviceTest extends OpenDeviceTest {

    /** The vendor error of the last error completion polled, read through the API. */
    private int flushVendorErr = -1;

    @Test
    void objectsRegistrationStatesAndARefusedModifyAreRecorded() throws Exception {
        String device = context.device().name();
        List<RecordedEvent> events = record(() -> {
            ProtectionDomain pd = context.allocateProtectionDomain();
            MemoryRegion mr = pd.registerMemory(arena.allocate(8192, 4096), Loopback.ACCESS);
            CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(4).build());
            QueuePair qp = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                    new QpCapabilities(1, 1, 1, 1, 0)).build());
            qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(1).qpAccessFlags(Set.of()));
            assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.RTR)))
                    .isInstanceOf(InvalidArgumentException.class);
            qp.close();
            cq.close();
            mr.close();
            pd.close();
        });
        assertThat(events).filteredOn(event -> named(event, "ObjectCreated"))
                .extracting(event -> event.getString("device") + " " + event.getString("kind"))
                .containsExactly(device + " protection domain", device + " memory region",
                        device + " completion queue", device + " queue pair");
        assertThat(events).filteredOn(event -> named(event, "MemoryRegistered")).singleElement()
                .satisfies(event -> assertThat(event.getLong("bytes")).isEqualTo(8192));
        assertThat(events).filteredOn(event -> named(event, "QpStateChanged"))
                .extracting(event -> event.getString("from") + "->" + event.getString("to"))
                .containsExactly("RESET->INIT");
        assertThat(events).filteredOn(event -> named(event, "VerbFailed")).singleElement()
                .satisfies(event -> assertThat(event.getString("message")).contains("RC INIT -> RTR with mask"));
        assertThat(events).filteredOn(event -> named(event, "ObjectDestroyed"))
                .extracting(event -> event.getString("kind"))
                .containsExactly("queue pair", "completion queue", "memory region", "protection domain");
    }

    /**
     * A SEND between two queue pairs looped back by the device completes twice with SUCCESS: no event. Then b
     * is moved to ERR with a receive posted, which the device flushes: one event, with the fields that the
     * poll read through the API.
     */
    @Test
    void aFlushedReceiveIsRecordedAsAnErrorCompletionAndSuccessfulCompletionsAreNot() throws Exception {
        int gidIndex = RealDevice.gidIndex(context.queryGidTable(1));
        ProtectionDomain pd = context.allocateProtectionDomain();
        MemoryRegion mr = pd.registerMemory(arena.allocate(8192, 4096), Loopback.ACCESS);
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(8)
                .wcFlags(EnumSet.of(CompletionField.QP_NUM)).build());
        QpInitAttributes attributes = QpInitAttributes.builder(QpType.RC, pd, cq, new QpCapabilities(2, 2, 1, 1, 0))
                .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build();
        QueuePair a = context.createQueuePair(attributes);
        QueuePair b = context.createQueuePair(attributes);
        Loopback.connect(a, b, Loopback.gid(context, gidIndex), gidIndex);
        Loopback.connect(b, a, Loopback.gid(context, gidIndex), gidIndex);
        List<String> polled = new ArrayList<>();
        List<RecordedEvent> events = record(() -> {
            postReceive(b, 1, mr);
            a.sendOps().start();
            a.sendOps().wrId(2).wrFlags(SendFlag.SIGNALED).send().setSge(mr.lkey(), mr.address() + 4096, 64);
            a.sendOps().complete();
            polled.add(pollOne(cq));
            polled.add(pollOne(cq));
            postReceive(b, 3, mr);
            b.modify(new QpAttributes().qpState(QpState.ERR));
            polled.add(pollOne(cq));
        });
        assertThat(polled).containsExactlyInAnyOrder("SUCCESS wr_id 1 qp " + b.qpNum(),
                "SUCCESS wr_id 2 qp " + a.qpNum(), "WR_FLUSH_ERR wr_id 3 qp " + b.qpNum());
        assertThat(events).filteredOn(event -> named(event, "ErrorCompletion")).singleElement()
                .satisfies(event -> assertThat(event.getString("device")).isEqualTo(context.device().name()))
                .satisfies(event -> assertThat(event.getString("status")).isEqualTo("IBV_WC_WR_FLUSH_ERR"))
                .satisfies(event -> assertThat(event.getLong("wrId")).isEqualTo(3))
                .satisfies(event -> assertThat(event.getInt("qpNum")).isEqualTo(b.qpNum()))
                .satisfies(event -> assertThat(event.getInt("vendorErr")).isEqualTo(flushVendorErr));
        a.close();
        b.close();
        cq.close();
        mr.close();
        pd.close();
    }

    private static void postReceive(QueuePair qp, long wrId, MemoryRegion mr) {
        ReceiveRequest request = new ReceiveRequest(1).wrId(wrId);
        request.sgList().add(mr, 0, 64);
        qp.postReceive(request);
    }

    /** @return the next completion as "status wr_id N qp N", read within 20 s */
    private String pollOne(CompletionQueue cq) {
        try {
            assertThat(Loopback.awaitCompletion(cq, Duration.ofSeconds(20))).as("a completion within 20 s").isTrue();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        String completion = cq.status() + " wr_id " + cq.wrId() + " qp " + cq.readQpNum();
        if (cq.status() != WcStatus.SUCCESS) {
            flushVendorErr = cq.readVendorErr();
        }
        cq.endPoll();
        return completion;
    }

    private static List<RecordedEvent> record(Runnable action) throws Exception {
        try (Recording recording = new Recording(Configuration.getConfiguration("default"))) {
            recording.start();
            action.run();
            recording.stop();
            Path file = Files.createTempFile("verbs4j", ".jfr");
            try {
                recording.dump(file);
                return RecordingFile.readAllEvents(file).stream()
                        .filter(event -> event.getEventType().getName().startsWith("org.verbs4j.")).toList();
            } finally {
                Files.delete(file);
            }
        }
    }

    private static boolean named(RecordedEvent event, String name) {
        return event.getEventType().getName().equals("org.verbs4j." + name);
    }
}
