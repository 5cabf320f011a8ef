package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.verbs4j.provider.mlx5.raw.Mlx5Layout.*;

import java.lang.foreign.MemorySegment;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.vendor.CqCreation;
import org.verbs4j.provider.generic.vendor.CreatedCq;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;

/** {@code mlx5dv_create_cq}: the options checked against the caps, written, and passed with the generic attributes. */
final class CqCreator {

    static final String VERB = "mlx5dv_create_cq";
    static final long MASK_COMPRESSED_CQE = 1;
    static final long MASK_FLAGS = 2;
    static final long MASK_CQE_SIZE = 4;
    static final int FLAG_CQE_PAD = 1;

    private CqCreator() {
    }

    static CreatedCq create(Mlx5Calls calls, CqCreation creation, Requests.Cq request) {
        check(request.options(), request.caps());
        MemorySegment dv = creation.call().allocate(CQ_INIT_SIZE, 8);
        write(dv, request.options());
        return CreatedCq.of(calls.createCq(creation.context(), creation.initAttr(), dv, creation.call()));
    }

    static void check(Mlx5CqOptions options, Mlx5DeviceAttributes caps) {
        if (options.cqeSize() != 0 && options.cqeSize() != 64 && options.cqeSize() != 128) {
            throw new InvalidArgumentException(VERB, "cqe_size " + options.cqeSize() + " is neither 64 nor 128");
        }
        options.compression().ifPresent(format -> checkFormat(format, caps));
        if (options.padding()) {
            checkPadding(options, caps);
        }
    }

    private static void checkFormat(Mlx5CqeFormat format, Mlx5DeviceAttributes caps) {
        if (!caps.supportsCompression(format)) {
            throw new UnsupportedVerbException(VERB, "CQE compression in mini-CQE format " + format
                    + " is not in the device's cqe_comp_caps (max_num " + caps.cqeCompMaxNum()
                    + ", supported_format 0x" + Integer.toHexString(caps.cqeCompFormats()) + ")");
        }
    }

    private static void checkPadding(Mlx5CqOptions options, Mlx5DeviceAttributes caps) {
        if (!caps.has(Mlx5ContextFlag.CQE_128B_PAD)) {
            throw new UnsupportedVerbException(VERB, "the device has no CQE padding (MLX5DV_CONTEXT_FLAGS_CQE_128B_PAD)");
        }
        if (options.cqeSize() != 128) {
            throw new InvalidArgumentException(VERB, "CQE padding needs cqe_size 128, not " + options.cqeSize());
        }
    }

    static void write(MemorySegment dv, Mlx5CqOptions options) {
        long mask = 0;
        if (options.compression().isPresent()) {
            mask |= MASK_COMPRESSED_CQE;
            dv.set(JAVA_BYTE, CQ_INIT_FORMAT, (byte) options.compression().get().value());
        }
        if (options.padding()) {
            mask |= MASK_FLAGS;
            dv.set(JAVA_INT, CQ_INIT_FLAGS, FLAG_CQE_PAD);
        }
        if (options.cqeSize() != 0) {
            mask |= MASK_CQE_SIZE;
            dv.set(JAVA_SHORT, CQ_INIT_CQE_SIZE, (short) options.cqeSize());
        }
        dv.set(JAVA_LONG, CQ_INIT_COMP_MASK, mask);
    }
}
