package org.verbs4j.provider.soft;

import java.util.Arrays;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.provider.soft.wire.roce.cm.QueuePairInfo;

/** The connection parameters as the IB CM carries them from one side to the other. */
final class CmParams {

    private CmParams() {
    }

    /**
     * @return {@code sent} as the remote side's event reports it: the resources swapped (its responder resources
     *     are the sender's initiator depth), the private data zero-padded to the message's field
     */
    static ConnParam reported(ConnParam sent, int privateDataLength) {
        return new ConnParam(padded(sent.privateData(), privateDataLength), sent.initiatorDepth(),
                sent.responderResources(), sent.flowControl(), sent.retryCount(), sent.rnrRetryCount(), sent.srq(),
                sent.qpNum());
    }

    /** @return the parameters of a REJ or of a refusal: no resources, and the private data padded to 148 bytes */
    static ConnParam rejection(byte[] privateData) {
        return reported(ConnParam.defaults().withRdAtomic(0, 0).withRetries(0, 0).withPrivateData(privateData),
                org.verbs4j.cm.PrivateDataLimits.REJECT);
    }

    /** @return what {@code rdma_accept} with no parameters answers: the request's values, within the device's limits */
    static ConnParam answerTo(ConnParam request) {
        int responder = Math.min(request.initiatorDepth(), DeviceProfile.MAX_RD_ATOMIC);
        int initiator = Math.min(request.responderResources(), DeviceProfile.MAX_RD_ATOMIC);
        return ConnParam.defaults().withRdAtomic(responder, initiator).withRetries(request.retryCount(),
                request.rnrRetryCount());
    }

    /** @return what a REQ or REP from outside the JVM sent, as the parameters of its side */
    static ConnParam sentOverWire(QueuePairInfo sender, byte[] privateData) {
        return new ConnParam(privateData, sender.responderResources(), sender.initiatorDepth(), false,
                sender.retryCount(), sender.rnrRetryCount(), false, sender.qpn());
    }

    /** @return {@code data} zero-padded to {@code length} bytes (never shortened) */
    static byte[] padded(byte[] data, int length) {
        return Arrays.copyOf(data, Math.max(length, data.length));
    }
}
