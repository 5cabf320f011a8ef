package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerbsExceptionTest {

    @Test
    void messageNamesTheVerbTheErrnoTextAndTheErrnoName() {
        VerbsException e = VerbsException.of("ibv_create_cq_ex", 95, null);
        assertThat(e).hasMessage("ibv_create_cq_ex failed: Operation not supported (EOPNOTSUPP)");
        assertThat(e.operation()).isEqualTo("ibv_create_cq_ex");
        assertThat(e.errno()).isEqualTo(95);
    }

    @Test
    void detailFollowsTheErrno() {
        assertThat(VerbsException.of("ibv_modify_qp", 22, "RESET -> RTS is not a valid transition"))
                .hasMessage("ibv_modify_qp failed: Invalid argument (EINVAL): RESET -> RTS is not a valid transition");
    }

    @Test
    void errnoSelectsTheSubtype() {
        assertThat(VerbsException.of("x", Errno.EOPNOTSUPP.code(), null)).isInstanceOf(UnsupportedVerbException.class);
        assertThat(VerbsException.of("x", Errno.ENOSYS.code(), null)).isInstanceOf(UnsupportedVerbException.class);
        assertThat(VerbsException.of("x", Errno.EINVAL.code(), null)).isInstanceOf(InvalidArgumentException.class);
        assertThat(VerbsException.of("x", Errno.EBUSY.code(), null)).isInstanceOf(BusyException.class);
        assertThat(VerbsException.of("x", Errno.ENOMEM.code(), null)).isInstanceOf(OutOfResourcesException.class);
        assertThat(VerbsException.of("x", Errno.ENOSPC.code(), null)).isInstanceOf(OutOfResourcesException.class);
        assertThat(VerbsException.of("x", Errno.EBADF.code(), null)).isInstanceOf(ClosedObjectException.class);
        assertThat(VerbsException.of("x", Errno.EIO.code(), null).getClass()).isEqualTo(VerbsException.class);
    }

    @Test
    void unknownErrnoIsStillDescribed() {
        assertThat(VerbsException.of("ibv_post_send", 1234, null))
                .hasMessage("ibv_post_send failed: " + Errno.describe(1234));
    }

    @Test
    void failedRequestIsCarried() {
        ReceiveRequest bad = new ReceiveRequest(1);
        VerbsException e = VerbsException.of("ibv_post_recv", Errno.ENOMEM.code(), "receive queue full", bad);
        assertThat(e).isInstanceOf(OutOfResourcesException.class);
        assertThat(e.failedRequest()).isSameAs(bad);
    }

    @Test
    void closedObjectHasEbadf() {
        ClosedObjectException e = new ClosedObjectException("ibv_dealloc_pd", "protection domain already closed");
        assertThat(e.errno()).isEqualTo(Errno.EBADF.code());
        assertThat(e).hasMessageContaining("ibv_dealloc_pd failed").hasMessageEndingWith("already closed");
    }
}
