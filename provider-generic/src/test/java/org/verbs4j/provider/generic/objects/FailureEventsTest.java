package org.verbs4j.provider.generic.objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verbs4j.BusyException;
import org.verbs4j.Errno;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.provider.generic.raw.Native;

/**
 * The generic provider records a verb that C refused as a JFR event; the events of objects, states and
 * asynchronous events need a device, and {@code FlightRecorderEventsTest} of the soft provider checks them.
 */
class FailureEventsTest {

    @TempDir
    Path directory;

    @Test
    void aReturnCodeAndARefusedModifyAreRecordedAsFailedVerbs() throws IOException {
        List<RecordedEvent> events;
        try (Recording recording = new Recording()) {
            recording.enable("org.verbs4j.VerbFailed");
            recording.start();
            assertThatThrownBy(() -> Native.check(-Errno.EBUSY.code(), "ibv_dealloc_pd"))
                    .isInstanceOf(BusyException.class);
            RefusedModify.of(Errno.EINVAL.code(), QpType.UD, QpState.RESET, Set.of(QpAttrMask.STATE), QpState.INIT);
            recording.stop();
            Path file = directory.resolve("failures.jfr");
            recording.dump(file);
            events = RecordingFile.readAllEvents(file);
        }
        assertThat(events).extracting(event -> event.getString("verb") + " " + event.getInt("errno"))
                .containsExactly("ibv_dealloc_pd 16", "ibv_modify_qp 22");
        assertThat(events.get(1).getString("message"))
                .endsWith("UD RESET -> INIT with mask [STATE (qpState)]: missing required "
                        + "[PKEY_INDEX (pkeyIndex), PORT (portNum), QKEY (qkey)]");
    }

    @Test
    void theKindOfAnObjectIsTheWordsOfItsInterface() {
        assertThat(ObjectKind.of(NativeQueuePair.class)).isEqualTo("queue pair");
        assertThat(ObjectKind.of(NativeProtectionDomain.class)).isEqualTo("protection domain");
        assertThat(ObjectKind.of(NativeIndirectionTable.class)).isEqualTo("rwq indirection table");
    }
}
