/**
 * The {@code verbs4j} command line: lists the providers Verbs4J found and the devices they offer,
 * with their attributes and ports (like {@code ibv_devinfo}), runs the conformance kit against
 * an installed provider ({@code verbs4j tck}), and measures a device with {@code verbs4j pingpong}
 * and {@code verbs4j perf}, interchangeable with rdma-core's {@code ibv_*_pingpong} and perftest.
 *
 * <p>It exports {@link org.verbs4j.tools.connect}, what those commands share to connect: queue pair
 * resources and the out-of-band exchange of addresses (the INIT/RTR/RTS steps are the api's
 * {@link org.verbs4j.ConnectRecipe}).
 *
 * <p>It finds the device catalog through {@link org.verbs4j.Verbs#catalog()}, so it needs the
 * {@code verbs4j-spi} module and the provider modules on the module path at run time.
 *
 * @uses org.verbs4j.spi.VerbsProvider
 */
@SuppressWarnings("requires-automatic")
module org.verbs4j.tools {
    requires transitive org.verbs4j.api;
    requires org.verbs4j.spi;
    requires org.verbs4j.tck;
    requires info.picocli;
    requires HdrHistogram;

    uses org.verbs4j.spi.VerbsProvider;

    exports org.verbs4j.tools.connect;

    opens org.verbs4j.tools to info.picocli;
    opens org.verbs4j.tools.pingpong to info.picocli;
    opens org.verbs4j.tools.perf to info.picocli;
    opens org.verbs4j.tools.cli to info.picocli;
}
