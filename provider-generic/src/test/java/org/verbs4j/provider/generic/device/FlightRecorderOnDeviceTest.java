package org.verbs4j.provider.generic.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
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

/** The generic provider's JFR events on a real device, recorded with the JDK's default settings. */
class FlightRecorderOnDeviceTest extends OpenDeviceTest {

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
