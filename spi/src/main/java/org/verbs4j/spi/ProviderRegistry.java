package org.verbs4j.spi;

import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.verbs4j.Device;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.SelectionReport;

/**
 * The default {@link DeviceCatalog}: it discovers {@link VerbsProvider}s with {@link ServiceLoader}
 * and chooses one provider for each device.
 *
 * <p><b>Discovery.</b> A provider whose class cannot be loaded or instantiated, or whose
 * {@code availability()} or {@code devices()} throws, does not stop discovery: it is reported
 * unavailable with the reason {@code "failed to load: <exception class>: <message>"}. Provider ids
 * must be lower case letters, digits and {@code '-'}, and unique.
 *
 * <p><b>Default selection.</b> Vendor providers (mlx5, EFA) come first, then generic ones; each
 * device is served by the first of them that offers it, and the others that offer it are reported
 * as {@code "not chosen for <device>: served by <id>"}. Providers of one kind are ordered by id, and
 * two of the same kind offering the same device is an error. Software providers are used only when
 * no other provider offers a device.
 *
 * <p><b>Explicit selection.</b> {@value ProviderSelection#PROPERTY} (or
 * {@value ProviderSelection#ENVIRONMENT_VARIABLE}) names the providers to use, in order; see
 * {@link ProviderSelection}.
 *
 * <p>The selection is made once, on the first call to {@link #devices()} or {@link #report()}, and
 * kept; a selection that fails with an exception is tried again on the next call. Instances are
 * thread-safe.
 */
public final class ProviderRegistry implements DeviceCatalog {

    private final Supplier<Stream<ServiceLoader.Provider<VerbsProvider>>> candidates;
    private final ProviderSelection selection;
    private final Object lock = new Object();
    private volatile Selection result;

    /**
     * Discovers providers with the class loader of this class (which also finds provider modules),
     * configured by {@value ProviderSelection#PROPERTY} or {@value ProviderSelection#ENVIRONMENT_VARIABLE}
     * as read now. This is the constructor {@link ServiceLoader} uses for {@link DeviceCatalog}.
     */
    public ProviderRegistry() {
        this(ProviderRegistry.class.getClassLoader(), ProviderSelection.fromEnvironment());
    }

    /**
     * Discovers providers with a given class loader.
     *
     * @param loader the class loader for {@link ServiceLoader#load(Class, ClassLoader)}; {@code null}
     *     for the system class loader
     * @param selection the default order or an explicit list of providers
     */
    public ProviderRegistry(ClassLoader loader, ProviderSelection selection) {
        this(() -> ServiceLoader.load(VerbsProvider.class, loader).stream(), selection);
    }

    /**
     * Uses given provider instances instead of discovering them, for tests and tools. Their methods
     * are still guarded: a provider whose {@code availability()} throws is reported unavailable.
     *
     * @param providers the providers
     * @param selection the default order or an explicit list of providers
     */
    public ProviderRegistry(List<? extends VerbsProvider> providers, ProviderSelection selection) {
        this(instances(providers), selection);
    }

    /**
     * Discovers providers from any source of candidates, for tests that need a candidate whose
     * constructor fails.
     *
     * @param candidates supplies the candidates, called once per discovery
     * @param selection the default order or an explicit list of providers
     */
    ProviderRegistry(Supplier<Stream<ServiceLoader.Provider<VerbsProvider>>> candidates, ProviderSelection selection) {
        this.candidates = Objects.requireNonNull(candidates, "candidates");
        this.selection = Objects.requireNonNull(selection, "selection");
    }

    /**
     * @return the devices of the chosen providers: in the default order vendor providers' devices
     *     first, then generic, then software; with an explicit list, in the order of the list
     * @throws InvalidArgumentException if two providers have the same id or an invalid one, a
     *     provider named in {@value ProviderSelection#PROPERTY} was not found, or two providers of the
     *     same kind offer the same device and no explicit list decides
     */
    @Override
    public List<Device> devices() {
        return selection().devices();
    }

    /**
     * @return every provider found (chosen or not, available or not, loaded or not) with its reasons
     *     and the devices it serves, and the selection rule in words
     * @throws InvalidArgumentException for the same reasons as {@link #devices()}
     */
    @Override
    public SelectionReport report() {
        return selection().report();
    }

    private Selection selection() {
        Selection current = result;
        return current != null ? current : select();
    }

    private Selection select() {
        synchronized (lock) {
            if (result == null) {
                result = Selection.of(selection, ProviderLoader.discover(candidates.get(), selection));
            }
            return result;
        }
    }

    private static Supplier<Stream<ServiceLoader.Provider<VerbsProvider>>> instances(
            List<? extends VerbsProvider> providers) {
        List<ServiceLoader.Provider<VerbsProvider>> copy = providers.stream()
                .<ServiceLoader.Provider<VerbsProvider>>map(InstanceCandidate::new).toList();
        return copy::stream;
    }
}
