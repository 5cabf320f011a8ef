package org.verbs4j.provider.generic.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.verbs4j.UnsupportedVerbException;

class NativeLibraryTest {

    @Test
    void aMissingLibraryIsReportedByName() {
        assertThatThrownBy(() -> NativeLibrary.load("libverbs4j-absent.so.1"))
                .isInstanceOf(UnsupportedVerbException.class)
                .hasMessageStartingWith("dlopen failed: Operation not supported (EOPNOTSUPP): libverbs4j-absent.so.1 not found");
    }

    @Test
    void aMissingSymbolIsReportedByName() {
        NativeLibrary libc = NativeLibrary.load("libc.so.6");
        assertThat(libc.find("getpid")).isPresent();
        assertThatThrownBy(() -> libc.downcall("verbs4j_no_such_symbol", FunctionDescriptor.ofVoid()))
                .isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("libc.so.6 does not export verbs4j_no_such_symbol");
    }

    @Test
    void errnoIsCapturedRightAfterTheCall() throws Throwable {
        NativeLibrary libc = NativeLibrary.load("libc.so.6");
        var close = libc.downcall("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                ErrnoCapture.OPTION);
        try (var arena = java.lang.foreign.Arena.ofConfined()) {
            var state = ErrnoCapture.allocate(arena);
            int result = (int) close.invokeExact(state, -1);
            assertThat(result).isEqualTo(-1);
            assertThat(ErrnoCapture.errno(state)).isEqualTo(org.verbs4j.Errno.EBADF.code());
        }
    }
}
