/**
 * The Verbs4J provider contract, and the default {@link org.verbs4j.DeviceCatalog}, which
 * discovers providers and chooses one provider for each device.
 *
 * @uses org.verbs4j.spi.VerbsProvider
 * @provides org.verbs4j.DeviceCatalog
 */
module org.verbs4j.spi {
    requires transitive org.verbs4j.api;

    exports org.verbs4j.spi;

    uses org.verbs4j.spi.VerbsProvider;

    provides org.verbs4j.DeviceCatalog with org.verbs4j.spi.ProviderRegistry;
}
