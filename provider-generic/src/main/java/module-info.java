/**
 * The generic Verbs4J provider: libibverbs bound through the Foreign Function and Memory API, for
 * any device that rdma-core supports. Its raw FFM layer and its vendor seam are exported only to the
 * vendor providers that build on them; the verbs objects are not exported.
 *
 * @provides org.verbs4j.spi.VerbsProvider
 */
@SuppressWarnings("module")
module org.verbs4j.provider.generic {
    requires org.verbs4j.spi;

    exports org.verbs4j.provider.generic.raw to org.verbs4j.provider.efa, org.verbs4j.provider.mlx5;
    exports org.verbs4j.provider.generic.vendor to org.verbs4j.provider.efa, org.verbs4j.provider.mlx5;

    uses org.verbs4j.provider.generic.vendor.ContextOpener;

    provides org.verbs4j.spi.VerbsProvider with org.verbs4j.provider.generic.GenericProvider;
    provides org.verbs4j.provider.generic.vendor.ContextOpener
            with org.verbs4j.provider.generic.objects.NativeContextOpener;
}
