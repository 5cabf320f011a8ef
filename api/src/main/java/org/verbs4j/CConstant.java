package org.verbs4j;

/**
 * A Java constant that stands for one constant of rdma-core's C headers.
 *
 * <p>Every enum of this package that mirrors a C enum implements this interface, so that a
 * provider can convert without a lookup table of its own, and so that build-time checks can
 * compare {@link #value()} with the value the real C header gives for {@link #cName()}.
 */
public interface CConstant {

    /** @return the exact value of the C constant, for example {@code 13} for {@code IBV_WC_RNR_RETRY_EXC_ERR} */
    long value();

    /** @return the C name of the constant, for example {@code "IBV_WC_RNR_RETRY_EXC_ERR"} */
    String cName();
}
