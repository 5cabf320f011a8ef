package org.verbs4j.tck;

import java.lang.foreign.Arena;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.verbs4j.Device;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.spi.VerbsProvider;

/**
 * What every class of the kit has: the factory of the provider under test, the environment, and the
 * extensions that check for a device once and count the results for the summary.
 *
 * <p>The factory is called once per test class, when the class starts, not in a field initializer,
 * so that subclasses can use their own fields. One instance serves all tests of a class
 * ({@link TestInstance.Lifecycle#PER_CLASS}); each test still gets fresh verbs objects.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith({TckSummaryExtension.class, DeviceGate.class, KnownBugHandler.class})
public abstract class ProviderUnderTest {

    private VerbsProvider provider;
    private DeviceSelection deviceSelection;

    /** Creates the base; subclasses implement {@link #provider()}. */
    protected ProviderUnderTest() {
    }

    /**
     * The factory of the provider under test.
     *
     * @return the provider to test, for example {@code new MyProvider()}
     */
    protected abstract VerbsProvider provider();

    /**
     * @return the device, port, GID index and timeouts to use; by default read from system properties
     *     and environment variables ({@link TckEnvironment#fromSystem()})
     */
    protected TckEnvironment environment() {
        return TckEnvironment.fromSystem();
    }

    /**
     * The device of the responder end of the kit's queue pairs ({@link Side#RESPONDER}). Empty, the default,
     * puts both ends on the context of the device under test, as pyverbs' tests do (two players on one device);
     * a device of another host or process makes every two-sided test cross between the two.
     *
     * @return the responder's device, or empty for the device under test
     */
    protected Optional<Device> responderDevice() {
        return kit() == this ? Optional.empty() : kit().responderDevice();
    }

    /**
     * The connection manager of the responder end: the server side of the connection-management area, which
     * listens at the IPv4 address of the {@linkplain #responderDevice() responder device}. By default the
     * provider's own, which serves every device of this process.
     *
     * @return the connection manager the server side uses
     */
    protected ConnectionManager responderConnectionManager() {
        return kit() == this ? providerUnderTest().connectionManager() : kit().responderConnectionManager();
    }

    /**
     * The arena of one test's memory, closed after the test. A responder device in another process must see
     * the memory the kit registers for it, so such a test class gives shared memory here.
     *
     * @return a new arena; by default {@link Arena#ofShared()}
     */
    protected Arena memoryArena() {
        return kit() == this ? Arena.ofShared() : kit().memoryArena();
    }

    /**
     * The known bugs of the device under test, each of which breaks one rule of the kit. A test they
     * concern that fails is reported as a known bug with its reason instead of as a failure (see
     * {@link KnownBug}). The default is what the provider names ({@code VerbsProvider.knownBugs}), so that
     * the kit gives the same verdict wherever it runs; a test class may add the bugs of a device it knows.
     *
     * @param device the device under test
     * @return its known bugs
     */
    protected List<KnownBug> knownBugs(Device device) {
        return providerUnderTest().knownBugs(device).stream()
                .map(bug -> new KnownBug(bug.contract(), bug.reason())).toList();
    }

    final synchronized Optional<KnownBug> knownBug(String displayName) {
        return deviceSelection().device().stream().flatMap(device -> knownBugs(device).stream())
                .filter(bug -> bug.concerns(displayName)).findFirst();
    }

    /**
     * @return the test class whose hooks ({@link #responderDevice()}, {@link #memoryArena()},
     *     {@link #responderConnectionManager()}) apply: this one, or for an area nested in {@link VerbsTck} the kit
     *     (the hooks' defaults ask it)
     */
    ProviderUnderTest kit() {
        return this;
    }

    /** @return the provider under test, created once per instance */
    protected final synchronized VerbsProvider providerUnderTest() {
        if (provider == null) {
            provider = provider();
        }
        return provider;
    }

    final synchronized DeviceSelection deviceSelection() {
        if (deviceSelection == null) {
            deviceSelection = DeviceSelection.select(providerUnderTest(), environment());
        }
        return deviceSelection;
    }
}
