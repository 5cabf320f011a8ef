package org.verbs4j.provider.mlx5;

import java.util.Optional;
import org.verbs4j.InvalidArgumentException;

/**
 * The mlx5 attributes of a completion queue ({@code struct mlx5dv_cq_init_attr}), given to
 * {@link Mlx5Context#createCompletionQueue}. Only what is set is requested in {@code comp_mask}.
 *
 * @param cqeSize the CQE size, 64 or 128 bytes, or 0 for libmlx5's default ({@code MLX5DV_CQ_INIT_ATTR_MASK_CQE_SIZE})
 * @param compression the mini-CQE format of compressed CQEs, if compression is wanted
 *     ({@code MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE})
 * @param padding whether 128-byte CQEs are padded ({@code MLX5DV_CQ_INIT_ATTR_FLAGS_CQE_PAD}); needs
 *     {@code cqeSize} 128 and {@link Mlx5ContextFlag#CQE_128B_PAD}
 */
public record Mlx5CqOptions(int cqeSize, Optional<Mlx5CqeFormat> compression, boolean padding) {

    /** Requires the compression ({@code Optional.empty()} for none). */
    public Mlx5CqOptions {
        if (compression == null) {
            throw new InvalidArgumentException(CqCreator.VERB, "the compression must be given (Optional.empty()"
                    + " for none)");
        }
    }

    /** libmlx5's defaults: nothing requested. */
    public static final Mlx5CqOptions DEFAULT = new Mlx5CqOptions(0, Optional.empty(), false);

    /** @return these options with CQEs of {@code bytes} (64 or 128) */
    public Mlx5CqOptions withCqeSize(int bytes) {
        return new Mlx5CqOptions(bytes, compression, padding);
    }

    /** @return these options with CQE compression in mini-CQE {@code format} */
    public Mlx5CqOptions withCompression(Mlx5CqeFormat format) {
        if (format == null) {
            throw new InvalidArgumentException(CqCreator.VERB, "the mini-CQE format is missing");
        }
        return new Mlx5CqOptions(cqeSize, Optional.of(format), padding);
    }

    /** @return these options with 128-byte CQE padding */
    public Mlx5CqOptions withPadding() {
        return new Mlx5CqOptions(cqeSize, compression, true);
    }
}
