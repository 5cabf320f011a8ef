package org.verbs4j.buildchecks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The BOM lists exactly the published modules of the reactor, at the reactor's version, and
 * nothing that would leak into a build that imports it.
 */
class BomCompletenessTest {

    private static final String GROUP_ID = "org.verbs4j";
    private static final String BOM = "verbs4j-bom";

    private final Pom root = Reactor.rootPom();
    private final Pom bom = Reactor.module(BOM);

    static List<Pom> publishedModules() {
        return Reactor.publishedModules();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("publishedModules")
    void bomManagesPublishedModule(Pom module) {
        Optional<Pom.Dependency> entry = managedEntryFor(module);

        assertThat(entry).as("%s must manage the published module %s (%s)", BOM,
                module.coordinates(), module.directory()).isPresent();
        assertThat(entry.orElseThrow().version()).as("version of %s in %s", module, BOM)
                .isEqualTo(root.version());
    }

    @Test
    void bomManagesOnlyPublishedModules() {
        List<String> published = publishedModules().stream().map(Pom::coordinates).toList();

        assertThat(bom.managedDependencies())
                .filteredOn(entry -> !published.contains(entry.coordinates()))
                .as("entries of %s that are not published modules of the reactor %s", BOM,
                        published)
                .isEmpty();
    }

    @Test
    void bomHasTheReactorVersion() {
        assertThat(bom.version()).as("version of %s", BOM).isEqualTo(root.version());
    }

    @Test
    void bomHasNoParent() {
        assertThat(bom.hasParent()).as("%s must have no <parent>: importing it would bring the"
                + " versions Verbs4J builds with", BOM).isFalse();
    }

    @Test
    void bomDeclaresNoScope() {
        assertThat(bom.countElements("scope")).as("<scope> elements in %s", BOM).isZero();
    }

    @Test
    void bomDependsOnNothingOutsideVerbs4j() {
        assertThat(bom.allDependencies())
                .filteredOn(dependency -> !dependency.groupId().equals(GROUP_ID))
                .as("dependencies of %s outside %s", BOM, GROUP_ID)
                .isEmpty();
    }

    private Optional<Pom.Dependency> managedEntryFor(Pom module) {
        return bom.managedDependencies().stream()
                .filter(entry -> entry.coordinates().equals(module.coordinates()))
                .findFirst();
    }
}
