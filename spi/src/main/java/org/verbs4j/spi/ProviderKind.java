package org.verbs4j.spi;

/**
 * What a provider drives. The default selection prefers {@link #VENDOR} providers for their own
 * devices, then {@link #GENERIC}, and uses {@link #SOFTWARE} only when no other provider offers a
 * device or when it is named explicitly.
 */
public enum ProviderKind {
    /** A provider for one vendor's hardware with its direct verbs, such as mlx5 or EFA. */
    VENDOR,
    /** A provider for any device that rdma-core supports. */
    GENERIC,
    /** A device emulated in software inside the JVM. */
    SOFTWARE
}
