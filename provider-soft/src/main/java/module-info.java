/**
 * The soft Verbs4J provider: a complete RDMA device in pure Java, inside the JVM. It is the embedded
 * default when no hardware exists and the reference implementation of the verbs semantics. It is reached
 * through {@link java.util.ServiceLoader}; it exports one package, {@code setup}, whose
 * {@link org.verbs4j.provider.soft.setup.SoftDevices} builds soft devices apart from the provider's (for tests).
 *
 * <p>The device reads and writes registered memory from whichever thread moves the work along, as a
 * DMA engine would, through the registered segments themselves: it calls no restricted method and needs no
 * native access. Memory of a confined arena cannot be registered with it.
 *
 * @provides org.verbs4j.spi.VerbsProvider
 */
module org.verbs4j.provider.soft {
    requires transitive org.verbs4j.api;
    requires org.verbs4j.spi;
    requires jdk.net;

    exports org.verbs4j.provider.soft.setup;

    provides org.verbs4j.spi.VerbsProvider with org.verbs4j.provider.soft.SoftProvider;
}
