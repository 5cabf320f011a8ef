package org.verbs4j.provider.generic.raw;

import org.verbs4j.CConstant;

/**
 * The C constants the binding writes that no enum of the api stands for; the ABI conformance test compares
 * each {@link #value()} with what gcc says for {@link #cName()} with the real rdma-core (and libc) headers.
 */
public enum BindingConstant implements CConstant {
    /** {@code IBV_XRCD_INIT_ATTR_FD}: {@code ibv_xrcd_init_attr.fd} is valid. */
    IBV_XRCD_INIT_ATTR_FD(1),
    /** {@code IBV_XRCD_INIT_ATTR_OFLAGS}: {@code ibv_xrcd_init_attr.oflags} is valid. */
    IBV_XRCD_INIT_ATTR_OFLAGS(2),
    /** {@code IBV_WQ_ATTR_STATE}: {@code ibv_wq_attr.wq_state} is valid. */
    IBV_WQ_ATTR_STATE(1),
    /** {@code IBV_WQ_ATTR_CURR_STATE}: {@code ibv_wq_attr.curr_wq_state} is valid. */
    IBV_WQ_ATTR_CURR_STATE(2),
    /** {@code IBV_WQ_ATTR_FLAGS}: {@code ibv_wq_attr.flags} and {@code flags_mask} are valid. */
    IBV_WQ_ATTR_FLAGS(4),
    /** {@code O_CREAT} of {@code <fcntl.h>}, the same on x86_64 and aarch64 Linux. */
    O_CREAT(0100);

    private final long value;

    BindingConstant(long value) {
        this.value = value;
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public String cName() {
        return name();
    }

    /** @return the value as a C {@code int} or {@code uint32_t} */
    public int intValue() {
        return (int) value;
    }
}
