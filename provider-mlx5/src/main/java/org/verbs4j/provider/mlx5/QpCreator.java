package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.verbs4j.provider.mlx5.raw.Mlx5Layout.*;

import java.lang.foreign.MemorySegment;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.vendor.CreatedQp;
import org.verbs4j.provider.generic.vendor.QpCreation;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;

/**
 * {@code mlx5dv_create_qp}: the options checked (libmlx5's rules, verbs.c of rdma-core 56.1, and the caps),
 * written, passed with the generic attributes; a DC queue pair gets its {@link Mlx5DcSendOps} view.
 */
final class QpCreator {

    static final String VERB = "mlx5dv_create_qp";
    static final long MASK_CREATE_FLAGS = 1;
    static final long MASK_DC = 2;
    static final long MASK_DCI_STREAMS = 8;

    private QpCreator() {
    }

    static CreatedQp create(Mlx5Calls calls, QpCreation creation, Requests.Qp request) {
        check(creation.attributes(), request, calls.library().release());
        MemorySegment dv = creation.call().allocate(QP_INIT_SIZE, 8);
        write(dv, request.options());
        MemorySegment qp = calls.createQp(creation.context(), creation.initAttr(), dv, creation.call());
        if (request.options().dcType().isEmpty()) {
            return CreatedQp.of(qp);
        }
        MemorySegment mqp = calls.qpExFromIbvQpEx(qp);
        boolean sends = !creation.attributes().sendOpsFlags().isEmpty();
        int streams = request.options().streams().map(s -> 1 << s.logNumConcurrent()).orElse(0);
        return CreatedQp.of(qp).withView(pair -> new Mlx5DcSendOps(pair, sends ? pair.sendOps() : null, mqp,
                streams));
    }

    static void check(QpInitAttributes attributes, Requests.Qp request, int release) {
        Mlx5QpOptions options = request.options();
        options.dcType().ifPresent(type -> checkDc(attributes, options, type));
        options.streams().ifPresent(streams -> checkStreams(options, streams, request.caps()));
        for (Mlx5QpCreateFlag flag : options.createFlags()) {
            checkKnown(flag, release);
        }
    }

    private static void checkDc(QpInitAttributes attributes, Mlx5QpOptions options, Mlx5DcType type) {
        if (attributes.qpType() != QpType.DRIVER) {
            throw new InvalidArgumentException(VERB, "a DC queue pair needs IBV_QPT_DRIVER, not "
                    + attributes.qpType().cName());
        }
        if (type == Mlx5DcType.DCT && !attributes.sendOpsFlags().isEmpty()) {
            throw new InvalidArgumentException(VERB, "a DCT takes no send ops, but " + attributes.sendOpsFlags()
                    + " were asked");
        }
    }

    private static void checkStreams(Mlx5QpOptions options, Mlx5QpOptions.DciStreams streams,
            Mlx5DeviceAttributes caps) {
        if (options.dcType().orElse(null) != Mlx5DcType.DCI) {
            throw new InvalidArgumentException(VERB, "DCI streams are for a DCI");
        }
        if (!caps.hasDciStreams()) {
            throw new UnsupportedVerbException(VERB, "the device has no DCI streams (dci_streams_caps)");
        }
        if (streams.logNumConcurrent() > caps.dciMaxLogConcurrent()
                || streams.logNumErrored() > caps.dciMaxLogErrored()) {
            throw new InvalidArgumentException(VERB, "DCI streams " + streams + " beyond the device's"
                    + " max_log_num_concurent " + caps.dciMaxLogConcurrent() + " and max_log_num_errored "
                    + caps.dciMaxLogErrored());
        }
    }

    private static void checkKnown(Mlx5QpCreateFlag flag, int release) {
        if (flag.since() > release) {
            throw new UnsupportedVerbException(VERB, "MLX5DV_QP_CREATE_" + flag + " is in rdma-core " + flag.since()
                    + " and later; the loaded libmlx5 is " + release);
        }
    }

    static void write(MemorySegment dv, Mlx5QpOptions options) {
        long mask = 0;
        if (!options.createFlags().isEmpty()) {
            mask |= MASK_CREATE_FLAGS;
            dv.set(JAVA_INT, QP_INIT_CREATE_FLAGS, (int) createFlags(options));
        }
        if (options.dcType().isPresent()) {
            mask |= MASK_DC;
            dv.set(JAVA_INT, QP_INIT_DC_TYPE, options.dcType().get().value());
            dv.set(JAVA_LONG, QP_INIT_DCT_ACCESS_KEY, options.dctAccessKey());
        }
        if (options.streams().isPresent()) {
            mask |= MASK_DCI_STREAMS;
            dv.set(JAVA_BYTE, QP_INIT_LOG_CONCURRENT, (byte) options.streams().get().logNumConcurrent());
            dv.set(JAVA_BYTE, QP_INIT_LOG_ERRORED, (byte) options.streams().get().logNumErrored());
        }
        dv.set(JAVA_LONG, QP_INIT_COMP_MASK, mask);
    }

    private static long createFlags(Mlx5QpOptions options) {
        long bits = 0;
        for (Mlx5QpCreateFlag flag : options.createFlags()) {
            bits |= flag.value();
        }
        return bits;
    }
}
