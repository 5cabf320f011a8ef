/**
 * The EFA Verbs4J provider: the generic libibverbs binding plus libefa.so.1 direct verbs.
 *
 * @provides org.verbs4j.spi.VerbsProvider
 */
module org.verbs4j.provider.efa {
    requires org.verbs4j.spi;
    requires org.verbs4j.provider.generic;

    provides org.verbs4j.spi.VerbsProvider with org.verbs4j.provider.efa.EfaProvider;
}
