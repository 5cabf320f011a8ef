package org.verbs4j.buildchecks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every module that declares {@code provides org.verbs4j.spi.VerbsProvider} in its
 * {@code module-info.java} ships the same providers in {@code META-INF/services} for class-path
 * users, and provider modules export nothing to everyone but a vendor provider's views.
 */
class ServiceDeclarationTest {

    private static final String SERVICE = "org.verbs4j.spi.VerbsProvider";
    private static final Set<String> VENDOR_MODULES = Set.of("provider-efa", "provider-mlx5");
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
    void providerModuleExportsToEveryoneAtMostItsVendorViews(Pom module) {
        assertThat(moduleInfo(module).unqualifiedExports())
                .as("packages that %s exports without 'to': a provider is reached through ServiceLoader, so it"
                        + " may export only to named modules, except a vendor provider's own package, whose"
                        + " views users name in unwrap", module)
                .isSubsetOf(vendorViews(module));
    }

    /** @return the package of a vendor provider's views (provider-efa, provider-mlx5), none for the others */
    private static Set<String> vendorViews(Pom module) {
        String directory = module.directory().getFileName().toString();
        return VENDOR_MODULES.contains(directory)
                ? Set.of("org.verbs4j.provider." + directory.substring("provider-".length())) : Set.of();
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
