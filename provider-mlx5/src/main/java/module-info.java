/**
 * The ConnectX (mlx5) Verbs4J provider: the generic libibverbs binding plus libmlx5.so.1 direct verbs, reached
 * through {@code unwrap}: {@link org.verbs4j.provider.mlx5.Mlx5Context} on a context,
 * {@link org.verbs4j.provider.mlx5.Mlx5DcSendOps} on a DC queue pair. Like every provider it exports nothing
 * (the house rule): applications on the class path use the views directly; a named module needs
 * {@code --add-exports org.verbs4j.provider.mlx5/org.verbs4j.provider.mlx5=its.module}.
 *
 * @provides org.verbs4j.spi.VerbsProvider
 */
@SuppressWarnings("module") // "mlx5" is the driver's name; its terminal digit is intended
module org.verbs4j.provider.mlx5 {
    requires org.verbs4j.spi;
    requires org.verbs4j.provider.generic;

    provides org.verbs4j.spi.VerbsProvider with org.verbs4j.provider.mlx5.Mlx5Provider;
}
