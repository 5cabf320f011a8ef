/**
 * The EFA Verbs4J provider: the generic libibverbs binding plus libefa.so.1's direct verbs (efadv), reached
 * through {@code unwrap}: {@link org.verbs4j.provider.efa.EfaContext} on a context, {@link
 * org.verbs4j.provider.efa.EfaQueuePair} on an SRD queue pair.
 *
 * @provides org.verbs4j.spi.VerbsProvider
 */
module org.verbs4j.provider.efa {
    requires transitive org.verbs4j.api;
    requires org.verbs4j.spi;
    requires org.verbs4j.provider.generic;

    exports org.verbs4j.provider.efa;

    provides org.verbs4j.spi.VerbsProvider with org.verbs4j.provider.efa.EfaProvider;
}
