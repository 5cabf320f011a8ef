package org.verbs4j.buildchecks;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Maven reactor that build-checks belongs to: the root {@code pom.xml} and, recursively, the
 * modules it lists.
 *
 * <p>Surefire passes the root directory in the system property {@value #ROOT_DIRECTORY_PROPERTY}
 * (see this module's {@code pom.xml}); without it, for example in an IDE that does not read the
 * Surefire configuration, the parent of the working directory is used.
 */
final class Reactor {

    static final String ROOT_DIRECTORY_PROPERTY = "verbs4j.rootDirectory";

    private Reactor() {
    }

    static Path rootDirectory() {
        return Path.of(System.getProperty(ROOT_DIRECTORY_PROPERTY, "..")).toAbsolutePath()
                .normalize();
    }

    static Pom rootPom() {
        return Pom.read(rootDirectory());
    }

    /** Every module of the reactor, aggregators included, in declaration order. */
    static List<Pom> modules() {
        return modulesOf(rootPom()).toList();
    }

    /** The published modules: those that build an artifact and deploy it. */
    static List<Pom> publishedModules() {
        return modules().stream().filter(Pom::isPublished).toList();
    }

    static Pom module(String artifactId) {
        return modules().stream().filter(module -> module.artifactId().equals(artifactId))
                .findFirst().orElseThrow(() -> new AssertionError(
                        "no module of the reactor at " + rootDirectory() + " is " + artifactId));
    }

    private static Stream<Pom> modulesOf(Pom aggregator) {
        return aggregator.modules().stream()
                .map(name -> Pom.read(aggregator.directory().resolve(name).normalize()))
                .flatMap(module -> Stream.concat(Stream.of(module), modulesOf(module)));
    }
}
