/**
 * The ConnectX (mlx5) Verbs4J provider: the generic libibverbs binding plus libmlx5.so.1 direct verbs.
 *
 * @provides org.verbs4j.spi.VerbsProvider
 */
@SuppressWarnings("module") // "mlx5" is the driver's name; its terminal digit is intended
module org.verbs4j.provider.mlx5 {
    requires org.verbs4j.spi;
    requires org.verbs4j.provider.generic;

    provides org.verbs4j.spi.VerbsProvider with org.verbs4j.provider.mlx5.Mlx5Provider;
}
