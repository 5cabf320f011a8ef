/**
 * The mlx5 direct verbs of a ConnectX device, reached through {@code unwrap}: {@link
 * org.verbs4j.provider.mlx5.Mlx5Context} on a context (the mlx5 caps, completion queues and queue pairs with
 * mlx5 attributes, the clock, the ports) and {@link org.verbs4j.provider.mlx5.Mlx5DcSendOps} on a DCI (the DC
 * address of each send request). The queues they create are ordinary {@link org.verbs4j.CompletionQueue}s and
 * {@link org.verbs4j.QueuePair}s, polled and posted through the vendor-neutral API.
 */
package org.verbs4j.provider.mlx5;
