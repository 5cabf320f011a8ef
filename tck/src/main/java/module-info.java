/**
 * The Verbs4J technology compatibility kit: abstract JUnit 5 test classes that a provider's own
 * tests extend, so that {@code mvn test} tells, verb by verb, whether the provider conforms.
 *
 * <p>Start at {@link org.verbs4j.tck.VerbsTck}: a test class that extends it and returns the provider
 * under test runs every area of the kit. Each area is also an abstract class of its own
 * ({@code *Verification}), for providers that want to run one area at a time.
 * {@link org.verbs4j.tck.TckLauncher} runs the whole kit against a given provider without a build tool,
 * and returns the summary. {@link org.verbs4j.tck.remote.RemotePeer} puts a provider in another JVM behind the
 * API, for a responder side in a second process.
 */
module org.verbs4j.tck {
    requires transitive org.verbs4j.api;
    requires transitive org.verbs4j.spi;
    requires transitive org.junit.jupiter.api;
    requires org.junit.platform.launcher;

    exports org.verbs4j.tck;
    exports org.verbs4j.tck.remote;

    // JUnit instantiates the kit's nested classes and calls its lifecycle methods reflectively.
    opens org.verbs4j.tck to org.junit.platform.commons;
}
