package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Checks {@link Errno} against the Linux (asm-generic) errno numbers and glibc's strerror texts. */
class ErrnoTest {

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', textBlock = """
            EPERM           | 1   | Operation not permitted
            ENOENT          | 2   | No such file or directory
            ESRCH           | 3   | No such process
            EINTR           | 4   | Interrupted system call
            EIO             | 5   | Input/output error
            ENXIO           | 6   | No such device or address
            E2BIG           | 7   | Argument list too long
            EBADF           | 9   | Bad file descriptor
            EAGAIN          | 11  | Resource temporarily unavailable
            ENOMEM          | 12  | Cannot allocate memory
            EACCES          | 13  | Permission denied
            EFAULT          | 14  | Bad address
            EBUSY           | 16  | Device or resource busy
            EEXIST          | 17  | File exists
            ENODEV          | 19  | No such device
            EINVAL          | 22  | Invalid argument
            ENFILE          | 23  | Too many open files in system
            EMFILE          | 24  | Too many open files
            ENOSPC          | 28  | No space left on device
            ERANGE          | 34  | Numerical result out of range
            EDEADLK         | 35  | Resource deadlock avoided
            ENOSYS          | 38  | Function not implemented
            ENODATA         | 61  | No data available
            ETIME           | 62  | Timer expired
            ENOLINK         | 67  | Link has been severed
            EPROTO          | 71  | Protocol error
            EBADMSG         | 74  | Bad message
            EOVERFLOW       | 75  | Value too large for defined data type
            EMSGSIZE        | 90  | Message too long
            EPROTONOSUPPORT | 93  | Protocol not supported
            EOPNOTSUPP      | 95  | Operation not supported
            EAFNOSUPPORT    | 97  | Address family not supported by protocol
            EADDRINUSE      | 98  | Address already in use
            ENETDOWN        | 100 | Network is down
            ENETUNREACH     | 101 | Network is unreachable
            ECONNRESET      | 104 | Connection reset by peer
            ENOBUFS         | 105 | No buffer space available
            ENOTCONN        | 107 | Transport endpoint is not connected
            ETIMEDOUT       | 110 | Connection timed out
            ECONNREFUSED    | 111 | Connection refused
            EHOSTUNREACH    | 113 | No route to host
            EALREADY        | 114 | Operation already in progress
            EINPROGRESS     | 115 | Operation now in progress
            EREMOTEIO       | 121 | Remote I/O error
            ENOMEDIUM       | 123 | No medium found
            ECANCELED       | 125 | Operation canceled
            ENOTRECOVERABLE | 131 | State not recoverable
            EHWPOISON       | 133 | Memory page has hardware error
            """)
    void hasTheLinuxCodeAndTheGlibcMessage(Errno errno, int code, String message) {
        assertThat(errno.code()).isEqualTo(code);
        assertThat(errno.message()).isEqualTo(message);
        assertThat(Errno.of(code)).containsSame(errno);
    }

    @ParameterizedTest
    @EnumSource(Errno.class)
    void valueIsTheCodeAndCNameIsTheMacroName(Errno errno) {
        assertThat(errno.value()).isEqualTo(errno.code());
        assertThat(errno.cName()).isEqualTo(errno.name());
        assertThat(Errno.fromValue(errno.code())).isSameAs(errno);
    }

    @Test
    void coversTheNamedCodesFrom1To133Once() {
        assertThat(Arrays.stream(Errno.values()).mapToInt(Errno::code))
                .doesNotHaveDuplicates()
                .allMatch(code -> code >= 1 && code <= 133)
                .doesNotContain(41, 58)
                .hasSize(131);
    }

    @Test
    void linuxAliasesHaveNoConstantsOfTheirOwn() {
        assertThat(Arrays.stream(Errno.values()).map(Errno::name))
                .doesNotContain("ENOTSUP", "EWOULDBLOCK", "EDEADLOCK");
    }

    @Test
    void describesAKnownCodeWithMessageAndName() {
        assertThat(Errno.describe(95)).isEqualTo("Operation not supported (EOPNOTSUPP)");
        assertThat(Errno.describe(12)).isEqualTo("Cannot allocate memory (ENOMEM)");
    }

    @ParameterizedTest
    @ValueSource(ints = {1234, 0, 41, 134, -1})
    void describesAnUnknownCodeWithItsNumber(int code) {
        assertThat(Errno.describe(code)).isEqualTo("Unknown error " + code + " (errno " + code + ")");
        assertThat(Errno.of(code)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(longs = {1234, 0, 41, 134, -1, Long.MIN_VALUE, Long.MAX_VALUE})
    void fromValueRejectsAnUnknownCodeNamingErrno(long value) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Errno.fromValue(value))
                .withMessageContaining("errno")
                .withMessageContaining(Long.toString(value));
    }
}
