package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.verbs4j.Errno;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;

@DisplayName("Availability.unavailable(Throwable) says what the common failures mean")
class AvailabilityCauseTest {

    @Test
    @DisplayName("ENOSYS from ibv_get_device_list: the kernel has no RDMA devices")
    void enosysFromTheDeviceList() {
        VerbsException enosys = VerbsException.of("ibv_get_device_list", (int) Errno.ENOSYS.value(), null);

        assertThat(Availability.unavailable(enosys).reason()).isEqualTo(
                "ibv_get_device_list failed: Function not implemented (ENOSYS): " + UnavailabilityCause.NO_KERNEL_SUPPORT);
    }

    @Test
    @DisplayName("ENOSYS from another verb is not explained as a missing kernel")
    void enosysElsewhere() {
        VerbsException enosys = VerbsException.of("ibv_create_flow", (int) Errno.ENOSYS.value(), null);

        assertThat(Availability.unavailable(enosys).reason())
                .isEqualTo("ibv_create_flow failed: Function not implemented (ENOSYS)");
    }

    @Test
    @DisplayName("a denied native access, anywhere in the causes, is named with the flag that allows it")
    void nativeAccessDenied() {
        UnsupportedVerbException dlopen = new UnsupportedVerbException("dlopen", "libibverbs.so.1 could not be loaded");
        dlopen.initCause(new IllegalCallerException("Illegal native access from: unnamed module"));

        assertThat(Availability.unavailable(dlopen).reason())
                .startsWith("dlopen failed: ")
                .endsWith("libibverbs.so.1 could not be loaded: " + UnavailabilityCause.NATIVE_ACCESS_DENIED)
                .contains("--enable-native-access=ALL-UNNAMED", "Enable-Native-Access: ALL-UNNAMED");
    }

    @Test
    @DisplayName("other failures keep their message")
    void otherFailures() {
        assertThat(Availability.unavailable(new IllegalStateException("boom")).reason()).isEqualTo("boom");
    }
}
