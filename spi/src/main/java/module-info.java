/**
 * The Verbs4J provider contract, and the default {@link org.verbs4j.DeviceCatalog}, which
 * discovers providers and chooses one provider for each device.
 *
 * @uses org.verbs4j.spi.VerbsProvider
 * @provides org.verbs4j.DeviceCatalog
 */
module org.verbs4j.spi {
    requires transitive org.verbs4j.api;
    requires jdk.jfr;

    exports org.verbs4j.spi;
    exports org.verbs4j.spi.jfr;

    uses org.verbs4j.spi.VerbsProvider;

    provides org.verbs4j.DeviceCatalog with org.verbs4j.spi.ProviderRegistry;
}
