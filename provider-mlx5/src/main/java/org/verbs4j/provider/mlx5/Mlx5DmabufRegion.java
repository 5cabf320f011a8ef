package org.verbs4j.provider.mlx5;

import org.verbs4j.InvalidArgumentException;

/**
 * The memory of a dmabuf that {@link Mlx5Context#registerDmabuf} registers: the arguments {@code offset},
 * {@code length}, {@code iova} and {@code fd} of {@code mlx5dv_reg_dmabuf_mr} (and of
 * {@code ibv_reg_dmabuf_mr}).
 *
 * @param fd the dmabuf's file descriptor; the caller keeps it open, the kernel takes its own reference
 * @param offset where the region starts in the dmabuf
 * @param length the region's length in bytes, above 0
 * @param iova the address by which work requests and peers name the region's first byte
 */
public record Mlx5DmabufRegion(int fd, long offset, long length, long iova) {

    /** @throws InvalidArgumentException for a negative fd or offset, or a length of 0 or below */
    public Mlx5DmabufRegion {
        String verb = DmabufRegistration.VERB;
        if (fd < 0) {
            throw new InvalidArgumentException(verb, "the dmabuf fd " + fd + " is negative");
        }
        if (offset < 0) {
            throw new InvalidArgumentException(verb, "the offset " + offset + " is negative");
        }
        if (length <= 0) {
            throw new InvalidArgumentException(verb, "the length " + length + " is not above 0");
        }
    }
}
