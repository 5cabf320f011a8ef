package org.verbs4j.tck;

/**
 * The two ends of the kit's queue pairs. The requester lives on the context of the device under test; the
 * responder on the responder context ({@link ProviderUnderTest#responderDevice()}), which is the same context
 * unless the test class names another device, for example one in another process.
 */
public enum Side {
    /** The end that posts the test's sends and RDMA operations. */
    REQUESTER,
    /** The end that receives and whose memory RDMA operations target. */
    RESPONDER
}
