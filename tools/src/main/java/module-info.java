/**
 * The {@code verbs4j} command line: lists the providers Verbs4J found and the devices they offer,
 * with their attributes and ports (like {@code ibv_devinfo}).
 *
 * <p>It finds the device catalog through {@link org.verbs4j.Verbs#catalog()}, so it needs the
 * {@code verbs4j-spi} module and the provider modules on the module path at run time.
 */
module org.verbs4j.tools {
    requires org.verbs4j.api;
    requires info.picocli;

    opens org.verbs4j.tools to info.picocli;
}
