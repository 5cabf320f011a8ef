/**
 * The FFM floor of the mlx5 provider: libmlx5.so.1 loaded by soname or by the path in
 * {@code verbs4j.mlx5.library}, its rdma-core release, the entry points called by name, and the offsets of the
 * mlx5dv structs. Not exported: the provider's own classes call it.
 */
package org.verbs4j.provider.mlx5.raw;
