package org.verbs4j.buildchecks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every module that declares {@code provides org.verbs4j.spi.VerbsProvider} in its
 * {@code module-info.java} ships the same providers in {@code META-INF/services} for class-path
 * users, and provider modules export nothing to everyone but a vendor provider's package of views (and the soft
 * provider its setup).
 */
class ServiceDeclarationTest {

    private static final String SERVICE = "org.verbs4j.spi.VerbsProvider";
    /** What a provider may export to everyone: the vendor views that unwrap returns, the soft devices' setup. */
    private static final Map<String, Set<String>> PUBLIC_PACKAGES = Map.of(
            "verbs4j-provider-efa", Set.of("org.verbs4j.provider.efa"),
            "verbs4j-provider-mlx5", Set.of("org.verbs4j.provider.mlx5"),
            "verbs4j-provider-soft", Set.of("org.verbs4j.provider.soft.setup"));
    private static final Path MODULE_INFO = Path.of("src", "main", "java", "module-info.java");
    private static final Path SERVICES_FILE =
            Path.of("src", "main", "resources", "META-INF", "services", SERVICE);

    static Stream<Pom> modulesWithModuleInfo() {
        return Reactor.modules().stream()
                .filter(module -> Files.isRegularFile(module.directory().resolve(MODULE_INFO)));
    }

    static Stream<Pom> providerModulesWithModuleInfo() {
        return modulesWithModuleInfo().filter(
                module -> module.directory().getFileName().toString().startsWith("provider-"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modulesWithModuleInfo")
    void servicesFileListsTheProvidersOfModuleInfo(Pom module) {
        assertThat(servicesFileEntries(module))
                .as("%s of %s against 'provides %s with ...' in its %s", SERVICES_FILE, module,
                        SERVICE, MODULE_INFO)
                .containsExactlyInAnyOrderElementsOf(moduleInfo(module).providers(SERVICE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providerModulesWithModuleInfo")
    void providerModuleProvidesAVerbsProvider(Pom module) {
        assertThat(moduleInfo(module).providers(SERVICE))
                .as("'provides %s with ...' in %s of %s", SERVICE, MODULE_INFO, module)
                .isNotEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providerModulesWithModuleInfo")
    void providerModuleExportsToEveryoneAtMostItsPublicPackage(Pom module) {
        assertThat(moduleInfo(module).unqualifiedExports())
                .as("packages that %s exports without 'to': a provider is reached through ServiceLoader, so it"
                        + " exports to everyone at most the package of the vendor views that unwrap returns (the"
                        + " soft provider: the setup of devices apart from its own)", module)
                .isSubsetOf(PUBLIC_PACKAGES.getOrDefault(module.artifactId(), Set.of()));
    }

    private static ModuleInfoSource moduleInfo(Pom module) {
        return ModuleInfoSource.read(module.directory().resolve(MODULE_INFO));
    }

    /** The class names of the services file, nested classes written with dots as in Java code. */
    private static List<String> servicesFileEntries(Pom module) {
        Path file = module.directory().resolve(SERVICES_FILE);
        if (!Files.exists(file)) {
            return List.of();
        }
        try (Stream<String> lines = Files.lines(file)) {
            return lines.map(line -> line.replaceFirst("#.*", "").strip())
                    .filter(line -> !line.isEmpty()).map(line -> line.replace('$', '.')).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
