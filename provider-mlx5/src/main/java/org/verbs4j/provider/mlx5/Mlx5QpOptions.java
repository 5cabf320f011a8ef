package org.verbs4j.provider.mlx5;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.verbs4j.InvalidArgumentException;

/**
 * The mlx5 attributes of a queue pair ({@code struct mlx5dv_qp_init_attr}), given to
 * {@link Mlx5Context#createQueuePair}. Only what is set is requested in {@code comp_mask}.
 *
 * @param dcType the DC side, if the queue pair is DC ({@code MLX5DV_QP_INIT_ATTR_MASK_DC}); DC needs
 *     {@link org.verbs4j.QpType#DRIVER}
 * @param dctAccessKey the key a DCI must present ({@code dc_init_attr.dct_access_key}), for a DCT
 * @param streams the DCI streams ({@code MLX5DV_QP_INIT_ATTR_MASK_DCI_STREAMS}), for a DCI
 * @param createFlags {@code create_flags} ({@code MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS} when not empty)
 */
public record Mlx5QpOptions(Optional<Mlx5DcType> dcType, long dctAccessKey, Optional<DciStreams> streams,
        Set<Mlx5QpCreateFlag> createFlags) {

    /**
     * The streams of a DCI ({@code dc_init_attr.dci_streams}).
     *
     * @param logNumConcurrent log2 of the streams that may be in flight at once
     * @param logNumErrored log2 of the streams that may be in error at once
     */
    public record DciStreams(int logNumConcurrent, int logNumErrored) {

        /** Checks that both fit the C {@code uint8_t}. */
        public DciStreams {
            if (logNumConcurrent < 0 || logNumConcurrent > 0xff || logNumErrored < 0 || logNumErrored > 0xff) {
                throw new InvalidArgumentException(QpCreator.VERB, "DCI streams " + logNumConcurrent + "/"
                        + logNumErrored + " are not logarithms from 0 to 255");
            }
        }
    }

    /** Requires every component and copies the flags. */
    public Mlx5QpOptions {
        if (dcType == null || streams == null || createFlags == null
                || createFlags.stream().anyMatch(java.util.Objects::isNull)) {
            throw new InvalidArgumentException(QpCreator.VERB, "the DC type, streams and create flags must be"
                    + " given (Optional.empty() and an empty set for none)");
        }
        createFlags = createFlags.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(createFlags));
    }

    /** No mlx5 attribute. */
    public static final Mlx5QpOptions NONE = new Mlx5QpOptions(Optional.empty(), 0, Optional.empty(), Set.of());

    /** @return the options of a DCT whose initiators present {@code accessKey} */
    public static Mlx5QpOptions dct(long accessKey) {
        return new Mlx5QpOptions(Optional.of(Mlx5DcType.DCT), accessKey, Optional.empty(), Set.of());
    }

    /** @return the options of a DCI */
    public static Mlx5QpOptions dci() {
        return new Mlx5QpOptions(Optional.of(Mlx5DcType.DCI), 0, Optional.empty(), Set.of());
    }

    /** @return these options with DCI streams */
    public Mlx5QpOptions withStreams(int logNumConcurrent, int logNumErrored) {
        return new Mlx5QpOptions(dcType, dctAccessKey, Optional.of(new DciStreams(logNumConcurrent, logNumErrored)),
                createFlags);
    }

    /** @return these options with {@code flags} as the create flags */
    public Mlx5QpOptions withCreateFlags(Set<Mlx5QpCreateFlag> flags) {
        return new Mlx5QpOptions(dcType, dctAccessKey, streams, flags);
    }
}
