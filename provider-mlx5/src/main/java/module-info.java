/**
 * The ConnectX (mlx5) Verbs4J provider: the generic libibverbs binding plus libmlx5.so.1 direct verbs, reached
 * through {@code unwrap}: {@link org.verbs4j.provider.mlx5.Mlx5Context} on a context,
 * {@link org.verbs4j.provider.mlx5.Mlx5DcSendOps} on a DC queue pair. It exports only the package of those views
 * (and their options and values); the binding below them is not exported.
 *
 * @provides org.verbs4j.spi.VerbsProvider
 */
@SuppressWarnings("module") // "mlx5" is the driver's name; its terminal digit is intended
module org.verbs4j.provider.mlx5 {
    requires transitive org.verbs4j.api;
    requires org.verbs4j.spi;
    requires org.verbs4j.provider.generic;

    exports org.verbs4j.provider.mlx5;

    provides org.verbs4j.spi.VerbsProvider with org.verbs4j.provider.mlx5.Mlx5Provider;
}
