/**
 * The soft Verbs4J provider: a complete RDMA device in pure Java, inside the JVM. It is the embedded
 * default when no hardware exists and the reference implementation of the verbs semantics. It exports
 * nothing: it is reached through {@link java.util.ServiceLoader}.
 *
 * <p>The device reads and writes registered memory from whichever thread moves the work along, as a
 * DMA engine would, through the registered segments themselves: it calls no restricted method and needs no
 * native access. Memory of a confined arena cannot be registered with it.
 *
 * @provides org.verbs4j.spi.VerbsProvider
 */
module org.verbs4j.provider.soft {
    requires org.verbs4j.spi;
    requires jdk.net;

    provides org.verbs4j.spi.VerbsProvider with org.verbs4j.provider.soft.SoftProvider;
}
