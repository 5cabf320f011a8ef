package org.verbs4j.buildchecks;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.GeneralCodingRules.ACCESS_STANDARD_STREAMS;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;

/**
 * The dependency rules between the modules, checked on the production classes of every module,
 * whether the reactor hands them over as {@code target/classes} directories or as jars.
 *
 * <p>Each rule fails when it finds no class to check ({@code archRule.failOnEmptyShould}, on by
 * default and set in {@code archunit.properties}), and the import itself is checked for size, so
 * no rule can pass because the class path was wrong.
 */
@AnalyzeClasses(packages = "org.verbs4j", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String JAVA = "java..";
    private static final String API = "org.verbs4j";
    /** The api's connection management (librdmacm), a package of the api module. */
    private static final String API_CM = "org.verbs4j.cm";
    private static final String SPI = "org.verbs4j.spi..";
    /** The JDK's socket options beyond java.net, such as IP_DONTFRAGMENT for the soft device's RoCE v2 wire. */
    private static final String JDK_NET = "jdk.net..";
    /** The JFR events of the spi. */
    private static final String SPI_JFR = "org.verbs4j.spi.jfr";
    private static final String GENERIC_RAW = "org.verbs4j.provider.generic.raw..";
    private static final String GENERIC_VENDOR = "org.verbs4j.provider.generic.vendor..";
    private static final String GENERIC_OBJECTS = "org.verbs4j.provider.generic.objects..";
    private static final String TCK = "org.verbs4j.tck..";
    /** Class names that belong to a vendor, EFA or mlx5, whose direct verbs are efadv_* and mlx5dv_*. */
    private static final String VENDOR_NAMES = ".*\\.[^.]*(Efa|EFA|efadv|Mlx5|MLX5|mlx5dv)[^.]*";
    private static final String TOOLS = "org.verbs4j.tools..";
    /** The soft provider's floors: its setup, verbs objects, the wire between queue pairs, the engine, RoCE v2. */
    private static final String SOFT_SETUP = "org.verbs4j.provider.soft.setup";
    private static final String SOFT_OBJECTS = "org.verbs4j.provider.soft";
    private static final String SOFT_WIRE = "org.verbs4j.provider.soft.wire";
    private static final String SOFT_ENGINE = "org.verbs4j.provider.soft.engine..";
    private static final String SOFT_ROCE = "org.verbs4j.provider.soft.wire.roce..";
    private static final List<String> MODULE_PACKAGES = List.of(SPI, providerPackage("generic"),
            GENERIC_RAW, GENERIC_OBJECTS, GENERIC_VENDOR, providerPackage("efa"), providerPackage("mlx5"),
            providerPackage("soft"), SOFT_SETUP, SOFT_OBJECTS, SOFT_WIRE, SOFT_ENGINE, SOFT_ROCE, TCK, TOOLS);

    @ArchTest
    static final ArchRule apiDependsOnlyOnTheJdk = classes().that().resideInAnyPackage(API, API_CM)
            .should().onlyDependOnClassesThat().resideInAnyPackage(JAVA, API, API_CM)
            .because("the api is vendor neutral and depends on java.base only");

    @ArchTest
    static final ArchRule apiMakesNoNativeCalls = noClasses().that().resideInAnyPackage(API, API_CM)
            .should().dependOnClassesThat()
            .belongToAnyOf(Linker.class, SymbolLookup.class, FunctionDescriptor.class)
            .because("the api may describe native memory, but only providers call native code");

    @ArchTest
    static final ArchRule spiDependsOnlyOnTheApi = classes().that().resideInAPackage(SPI)
            .and().resideOutsideOfPackage(SPI_JFR)
            .should().onlyDependOnClassesThat().resideInAnyPackage(JAVA, API, API_CM, SPI);

    /** The flight recorder events are the only classes of the spi that use a JDK module besides java.base. */
    @ArchTest
    static final ArchRule spiEventsDependOnlyOnTheApiAndJfr = classes().that().resideInAPackage(SPI_JFR)
            .should().onlyDependOnClassesThat().resideInAnyPackage(JAVA, "jdk.jfr..", API, API_CM, SPI);

    @ArchTest
    static final ArchRule genericProviderDependsOnlyOnApiAndSpi = provider("generic");

    @ArchTest
    static final ArchRule softProviderDependsOnlyOnApiAndSpi = provider("soft", JDK_NET);

    @ArchTest
    static final ArchRule efaProviderDependsOnlyOnApiSpiAndGenericRawAndVendor =
            provider("efa", GENERIC_RAW, GENERIC_VENDOR);

    @ArchTest
    static final ArchRule mlx5ProviderDependsOnlyOnApiSpiAndGenericRawAndVendor =
            provider("mlx5", GENERIC_RAW, GENERIC_VENDOR);

    @ArchTest
    static final ArchRule genericRawDependsOnNeitherObjectsNorVendor = noClasses()
            .that().resideInAPackage(GENERIC_RAW).should().dependOnClassesThat().resideInAnyPackage(GENERIC_OBJECTS, GENERIC_VENDOR)
            .because("the raw FFM floor is the ground floor of the generic provider");

    @ArchTest
    static final ArchRule genericVendorSeamDependsNotOnObjects = noClasses()
            .that().resideInAPackage(GENERIC_VENDOR).should().dependOnClassesThat().resideInAPackage(GENERIC_OBJECTS)
            .because("the objects call the vendor seam; a context opens through ServiceLoader");

    @ArchTest
    static final ArchRule genericProviderNamesNoVendor = noClasses()
            .that().resideInAPackage(providerPackage("generic")).should().haveNameMatching(VENDOR_NAMES)
            .orShould().dependOnClassesThat().haveNameMatching(VENDOR_NAMES)
            .because("vendor code lives in the vendor modules, behind the DirectVerbs seam");

    @ArchTest
    static final ArchRule tckDependsOnNoProvider = noClasses().that().resideInAPackage(TCK)
            .should().dependOnClassesThat().resideInAPackage("org.verbs4j.provider..")
            .because("the TCK receives the provider under test from its factory methods");

    /** The api package itself is no slice, but it depends on no other package of ours. */
    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("org.verbs4j.(**)")
            .should().beFreeOfCycles();

    /** Each package of a provider is a slice, the soft provider's root package included. */
    @ArchTest
    static final ArchRule providerPackagesAreFreeOfCycles = slices().matching("org.verbs4j.provider.(**)")
            .should().beFreeOfCycles();

    /**
     * The soft provider's floors depend one way: its exported setup on the verbs objects, the objects on the wire
     * and the engine, the wire on the engine (whose Wire seam it implements and whose views of the objects it uses)
     * and on the RoCE v2 protocol, which knows none of them.
     */
    @ArchTest
    static final ArchRule softProviderFloorsDependOneWay = layeredArchitecture()
            .consideringOnlyDependenciesInAnyPackage("org.verbs4j.provider.soft..")
            .layer("setup").definedBy(SOFT_SETUP)
            .layer("objects").definedBy(SOFT_OBJECTS)
            .layer("wire").definedBy(SOFT_WIRE)
            .layer("engine").definedBy(SOFT_ENGINE)
            .layer("roce").definedBy(SOFT_ROCE)
            .whereLayer("setup").mayNotBeAccessedByAnyLayer()
            .whereLayer("objects").mayOnlyBeAccessedByLayers("setup")
            .whereLayer("wire").mayOnlyBeAccessedByLayers("objects", "setup")
            .whereLayer("engine").mayOnlyBeAccessedByLayers("objects", "wire")
            .whereLayer("roce").mayOnlyBeAccessedByLayers("objects", "wire");

    @ArchTest
    static final ArchRule onlyToolsPrint = noClasses().that().resideOutsideOfPackage(TOOLS)
            .should(ACCESS_STANDARD_STREAMS)
            .because("library code reports through exceptions and return values; only the CLI"
                    + " prints");

    @ArchTest
    static void importFindsEnoughClasses(JavaClasses classes) {
        assertThat(classes.that(resideInAPackage(API)).size()).as("classes of package %s", API)
                .isGreaterThanOrEqualTo(60);
        assertThat(classes.size()).as("classes of org.verbs4j..").isGreaterThanOrEqualTo(80);
    }

    @ArchTest
    static void importFindsEveryModule(JavaClasses classes) {
        SoftAssertions.assertSoftly(softly -> MODULE_PACKAGES.forEach(
                module -> softly.assertThat(classes.that(resideInAPackage(module)))
                        .as("classes of %s", module).isNotEmpty()));
    }

    /** A provider depends on the api, the spi, its own packages and {@code extraPackages}. */
    private static ArchRule provider(String name, String... extraPackages) {
        String[] allowed = Stream.concat(Stream.of(JAVA, API, API_CM, SPI, providerPackage(name)),
                Stream.of(extraPackages)).toArray(String[]::new);
        return classes().that().resideInAPackage(providerPackage(name))
                .should().onlyDependOnClassesThat().resideInAnyPackage(allowed)
                .because("providers are independent of each other, except that vendor providers"
                        + " reuse the generic provider's rdma-core binding");
    }

    private static String providerPackage(String name) {
        return "org.verbs4j.provider." + name + "..";
    }
}
