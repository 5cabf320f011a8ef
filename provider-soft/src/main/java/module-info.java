/**
 * The soft Verbs4J provider: a complete RDMA device in pure Java, inside the JVM. It is the embedded
 * default when no hardware exists and the reference implementation of the verbs semantics. It exports
 * nothing: it is reached through {@link java.util.ServiceLoader}.
 *
 * <p>The device reads and writes registered memory from whichever thread moves the work along, as a
 * DMA engine would; it therefore views registered segments through {@code MemorySegment.reinterpret},
 * a restricted method: grant the module native access ({@code --enable-native-access=org.verbs4j.provider.soft})
 * to silence the JDK's warning.
 *
 * @provides org.verbs4j.spi.VerbsProvider
 */
module org.verbs4j.provider.soft {
    requires org.verbs4j.spi;

    provides org.verbs4j.spi.VerbsProvider with org.verbs4j.provider.soft.SoftProvider;
}
