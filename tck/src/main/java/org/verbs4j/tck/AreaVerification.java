package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.verbs4j.AccessFlag;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QueuePair;
import org.verbs4j.UnsupportedVerbException;

/**
 * The base of every area of the kit: opens a fresh context on the device under test for each test,
 * tracks the verbs objects a test creates and closes them afterwards, and offers the capability gate
 * ({@link #requireCapability}) and the fixtures the areas share.
 */
public abstract class AreaVerification extends ProviderUnderTest {

    private Context context;
    private Context responderContext;
    private Resources resources;
    private Arena arena;

    /** Creates the area; subclasses implement {@link #provider()}. */
    protected AreaVerification() {
    }

    @BeforeEach
    final void openContext() {
        Device device = deviceSelection().device().orElseThrow();
        arena = memoryArena();
        resources = new Resources();
        context = device.open();
        responderContext = responderDevice().map(Device::open).orElse(context);
    }

    @AfterEach
    final void closeEverything() {
        Resources created = resources;
        resources = null;
        created.closeAll();
        if (responderContext != context) {
            responderContext.close();
        }
        context.close();
        arena.close();
    }

    /** @return the context opened on the device under test for this test */
    protected final Context context() {
        return context;
    }

    /**
     * @param side an end of the kit's queue pairs
     * @return the context of that end: the responder's is {@link #context()} unless the test class names a
     *     {@linkplain ProviderUnderTest#responderDevice() responder device}
     */
    protected final Context context(Side side) {
        return side == Side.REQUESTER ? context : responderContext;
    }

    /**
     * @param side an end of the kit's queue pairs
     * @return a new protection domain on that end's context, closed after the test
     */
    protected final ProtectionDomain protectionDomain(Side side) {
        return track(context(side).allocateProtectionDomain());
    }

    /**
     * @param side an end of the kit's queue pairs
     * @param cqe the minimum number of entries
     * @return a new completion queue with the standard fields on that end's context, closed after the test
     */
    protected final CompletionQueue completionQueue(Side side, int cqe) {
        return track(context(side).createCompletionQueue(CqInitAttributes.builder(cqe).build()));
    }

    /**
     * Registers an object to be closed after the test, before the objects registered earlier.
     *
     * @param resource the object
     * @param <T> its type
     * @return {@code resource}
     */
    protected final <T extends AutoCloseable> T track(T resource) {
        resources.add(resource);
        return resource;
    }

    /**
     * @param size the size in bytes
     * @return zeroed native memory that lives until the end of the test
     */
    protected final MemorySegment memory(long size) {
        return arena.allocate(Math.max(size, 1), 64);
    }

    /**
     * The capability gate. If the device supports {@code capability}, it returns and the test goes on.
     * Otherwise it checks that the provider says "unsupported" clearly, by calling {@code creation},
     * which must fail with {@link UnsupportedVerbException}, and then aborts the test as unsupported with
     * the provider's reason. A creation that succeeds although the capability is off fails the test.
     *
     * @param capability the capability the test needs
     * @param verb the verb {@code creation} calls, for the failure message
     * @param creation creates the object that needs the capability; what it returns is closed if it
     *     is {@link AutoCloseable}
     */
    protected final void requireCapability(Capability capability, String verb, ThrowingSupplier<?> creation) {
        if (context.capabilities().supports(capability)) {
            return;
        }
        UnsupportedVerbException refusal = assertThrows(UnsupportedVerbException.class,
                () -> closeIfPossible(creation.get()),
                () -> "the device reports " + capability + " as unsupported, so " + verb
                        + " must fail with UnsupportedVerbException (EOPNOTSUPP)");
        throw new UnsupportedFeatureException(capability, refusal.getMessage());
    }

    /**
     * The capability gate ({@link #requireCapability}) of a test that goes on with the object the gate's
     * creation makes: if the device supports {@code capability}, it calls {@code creation} once and returns
     * what it made, closed after the test; otherwise it checks the refusal and aborts the test as unsupported.
     *
     * @param capability the capability the test needs
     * @param verb the verb {@code creation} calls, for the failure message
     * @param creation creates the object that needs the capability
     * @param <T> its type
     * @return the object {@code creation} made, closed after the test
     */
    protected final <T extends AutoCloseable> T requireAndCreate(Capability capability, String verb,
                                                                 Supplier<T> creation) {
        requireCapability(capability, verb, creation::get);
        return track(creation.get());
    }

    /** @return a new protection domain, closed after the test */
    protected final ProtectionDomain protectionDomain() {
        return track(context.allocateProtectionDomain());
    }

    /**
     * @param cqe the minimum number of entries
     * @return a new completion queue with the standard fields, closed after the test
     */
    protected final CompletionQueue completionQueue(int cqe) {
        return completionQueue(CqInitAttributes.builder(cqe).build());
    }

    /**
     * @param attributes the attributes
     * @return a new completion queue, closed after the test
     */
    protected final CompletionQueue completionQueue(CqInitAttributes attributes) {
        return track(context.createCompletionQueue(attributes));
    }

    /**
     * @param attributes the attributes
     * @return a new queue pair, closed after the test
     */
    protected final QueuePair queuePair(QpInitAttributes attributes) {
        return track(context.createQueuePair(attributes));
    }

    /**
     * @param pd the protection domain
     * @param size the size in bytes
     * @param access the access flags
     * @return a memory region over new zeroed memory, closed after the test
     */
    protected final MemoryRegion memoryRegion(ProtectionDomain pd, int size, Set<AccessFlag> access) {
        return track(pd.registerMemory(memory(size), access));
    }

    /**
     * @param pd the protection domain
     * @param size the size in bytes
     * @return a memory region over new zeroed memory with local write and every remote access the device
     *     supports, closed after the test
     */
    protected final MemoryRegion openMemoryRegion(ProtectionDomain pd, int size) {
        EnumSet<AccessFlag> access = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
                AccessFlag.REMOTE_READ);
        if (context.capabilities().supports(Capability.ATOMICS)) {
            access.add(AccessFlag.REMOTE_ATOMIC);
        }
        return memoryRegion(pd, size, access);
    }

    /** @return the fixtures that build connected queue pairs on this test's context */
    protected final Loopback loopback() {
        return new Loopback(this);
    }

    private static void closeIfPossible(Object created) throws Exception {
        if (created instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }
}
