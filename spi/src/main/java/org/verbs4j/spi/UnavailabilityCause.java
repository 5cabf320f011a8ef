package org.verbs4j.spi;

import java.util.Optional;
import org.verbs4j.Errno;
import org.verbs4j.VerbsException;

/**
 * Says what a failure that makes a provider unavailable means on this machine, for the causes that
 * users meet most: a kernel without RDMA support, and native access denied to the JVM's code.
 */
final class UnavailabilityCause {

    static final String NO_KERNEL_SUPPORT = "this kernel has no RDMA devices (no verbs support in /sys/class):"
            + " load the driver of an RDMA device, or rdma_rxe for Soft-RoCE";
    static final String NATIVE_ACCESS_DENIED = "native access was denied: run java with"
            + " --enable-native-access=ALL-UNNAMED on the class path, --enable-native-access=<provider module> on"
            + " the module path, or put 'Enable-Native-Access: ALL-UNNAMED' in an executable jar's manifest";

    private UnavailabilityCause() {
    }

    /**
     * @param failure what the provider caught
     * @return the failure's message, followed by {@code ": "} and its meaning when known
     */
    static String describe(Throwable failure) {
        String message = failure.getMessage() == null ? failure.toString() : failure.getMessage();
        return meaning(failure).map(meaning -> message + ": " + meaning).orElse(message);
    }

    /**
     * @param failure a failure
     * @return what it means for the user, if it is one of the known causes
     */
    static Optional<String> meaning(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof IllegalCallerException) {
                return Optional.of(NATIVE_ACCESS_DENIED);
            }
            if (noKernelSupport(cause)) {
                return Optional.of(NO_KERNEL_SUPPORT);
            }
        }
        return Optional.empty();
    }

    private static boolean noKernelSupport(Throwable cause) {
        return cause instanceof VerbsException e && e.errno() == Errno.ENOSYS.value()
                && e.operation().equals("ibv_get_device_list");
    }
}
