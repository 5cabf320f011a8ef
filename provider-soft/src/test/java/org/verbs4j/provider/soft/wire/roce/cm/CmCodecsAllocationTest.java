package org.verbs4j.provider.soft.wire.roce.cm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Writing and reading every field of the CM messages and rdma_cm's header allocates nothing. */
class CmCodecsAllocationTest {

    private static final int ROUNDS = 20_000;

    private final ByteBuffer mad = ByteBuffer.allocateDirect(Mad.BYTES);
    private final byte[] source = {10, 0, 0, 1};
    private final byte[] destination = {10, 0, 0, 2};
    private final byte[] read = new byte[4];
    private long sum;

    @Test
    void codecsAllocateNothing() throws ReflectiveOperationException {
        rounds();
        long before = allocatedBytes();
        rounds();
        long allocated = allocatedBytes() - before;
        assertThat(sum).as("the fields read back").isNotZero();
        assertThat(allocated).as("bytes allocated by %d rounds", ROUNDS).isLessThan(ROUNDS);
    }

    private void rounds() {
        for (int i = 0; i < ROUNDS; i++) {
            request(i);
            reply(i);
            others(i);
        }
    }

    private void request(int i) {
        Mad.putCm(mad, 0, CmAttribute.REQ, i);
        CmReq.localCommId(mad, 0, i);
        CmReq.serviceId(mad, 0, ServiceId.of(ServiceId.PORT_SPACE_TCP, i));
        CmReq.localQpn(mad, 0, i);
        CmReq.startingPsn(mad, 0, i);
        CmReq.retryCount(mad, 0, 7);
        CmReq.pathMtu(mad, 0, 3);
        CmReq.primaryFlowLabel(mad, 0, i);
        CmaHeader.put(mad, CmReq.privateData(0), i, source, destination);
        CmaHeader.address(mad, CmaHeader.destinationAddress(CmReq.privateData(0)), read);
        sum += CmReq.localQpn(mad, 0) + CmReq.startingPsn(mad, 0) + CmReq.retryCount(mad, 0)
                + CmReq.primaryFlowLabel(mad, 0) + CmaHeader.sourcePort(mad, CmReq.privateData(0)) + read[3]
                + CmAttribute.of(Mad.attributeId(mad, 0)).id() + (Mad.isCmSend(mad, 0) ? 1 : 0);
    }

    private void reply(int i) {
        Mad.putCm(mad, 0, CmAttribute.REP, i);
        CmMessage.commIds(mad, 0, i, i + 1);
        CmRep.localQpn(mad, 0, i);
        CmRep.startingPsn(mad, 0, i);
        CmRep.rnrRetryCount(mad, 0, 7);
        CmRep.localCaGuid(mad, 0, i);
        sum += CmRep.localQpn(mad, 0) + CmRep.rnrRetryCount(mad, 0) + CmRep.localCaGuid(mad, 0)
                + CmMessage.remoteCommId(mad, 0);
    }

    private void others(int i) {
        Mad.putCm(mad, 0, CmAttribute.REJ, i);
        CmRej.put(mad, 0, CmRej.REQ, RejectReason.TIMEOUT.code(), 8);
        sum += CmRej.reason(mad, 0) + CmRej.rejectedInfoLength(mad, 0);
        CmMra.put(mad, 0, CmMra.REP, 24);
        sum += CmMra.serviceTimeout(mad, 0);
        CmDreq.remoteQpn(mad, 0, i);
        sum += CmDreq.remoteQpn(mad, 0);
    }

    /** Reads com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes through reflection. */
    private static long allocatedBytes() throws ReflectiveOperationException {
        Object bean = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                .invoke(null);
        Method method = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        return (Long) method.invoke(bean);
    }
}
