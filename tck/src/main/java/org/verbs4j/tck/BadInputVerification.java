package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.Device;
import org.verbs4j.VerbsException;

/**
 * The bad-input sweep (an area a provider opts into by extending this class; it is not part of
 * {@link VerbsTck}): every public method of every api interface a provider implements, found by reflection, is
 * called on the provider's objects with bad arguments ({@link BadArguments}: null, negative, zero and huge
 * numbers, closed objects and memory), and on an object that is closed. Every call returns or throws a
 * {@link VerbsException} that names its verb: never another exception from inside the provider, a hang or a
 * crash. A method the sweep has no case for fails the coverage test, so that a new method joins the sweep.
 */
@TckArea("bad-input sweep")
public abstract class BadInputVerification extends AreaVerification {

    private static final System.Logger LOG = System.getLogger("org.verbs4j.tck");
    private static final String CLOSED = " on a closed object";

    /** Creates the area. */
    protected BadInputVerification() {
    }

    @Test
    @DisplayName("sweep coverage: every public method of every api interface a provider implements has a case")
    void everyMethodHasACase() {
        SweepWorld closed = closedWorld();
        BadArguments arguments = new BadArguments(closed);
        List<String> uncovered = new ArrayList<>();
        for (Class<?> type : ApiInterfaces.provided()) {
            if (!SweepReceivers.KNOWN.contains(type)) {
                uncovered.add(type.getName() + ": no object of it in the sweep's world");
            }
            ApiInterfaces.methods(type).stream().filter(method -> arguments.calls(method).isEmpty())
                    .forEach(method -> uncovered.add(method.toGenericString() + ": a parameter type without bad values"));
        }
        assertEquals(List.of(), uncovered, "api methods the sweep does not cover");
    }

    @Test
    @Timeout(600)
    @DisplayName("bad-input sweep: every call with null, negative, zero, huge or closed-object arguments, and every "
            + "call on a closed object, returns or throws a VerbsException naming the verb")
    void sweep() throws Exception {
        loopback().requireActivePort();
        SweepWorld closed = closedWorld();
        BadArguments arguments = new BadArguments(closed);
        List<String> defects = new ArrayList<>();
        int methods = 0;
        int calls = 0;
        List<String> absent = new ArrayList<>();
        SweepRunner runner = new SweepRunner();
        try {
            for (Class<?> type : ApiInterfaces.provided()) {
                for (Method method : ApiInterfaces.methods(type)) {
                    SweepWorld live = runner.runSetUp(this::openWorld);
                    List<Object> receivers = live.receivers(type);
                    if (receivers.isEmpty()) {
                        absent.add(type.getSimpleName() + "." + method.getName());
                        runner.runSetUp(() -> closeWorld(live));
                        continue;
                    }
                    methods++;
                    List<Object[]> cases = new ArrayList<>(arguments.calls(method).orElseThrow());
                    for (Object receiver : receivers) {
                        String which = receivers.size() > 1 ? " on " + SweepWorld.describe(receiver) : "";
                        for (Object[] call : cases) {
                            calls++;
                            check(runner, method, receiver, call, which).ifPresent(defects::add);
                        }
                    }
                    Optional<Object> dead = closed.closedInstance(type);
                    if (dead.isPresent() && type != Device.class) {
                        calls++;
                        check(runner, method, dead.get(), cases.get(0), CLOSED).ifPresent(defects::add);
                    }
                    try {
                        runner.runSetUp(() -> closeWorld(live));
                    } catch (TimeoutException hang) {
                        defects.add("closing the objects after " + type.getSimpleName() + "." + method.getName()
                                + " hung (or an earlier call still runs)");
                        runner.close();
                        runner = new SweepRunner();
                    }
                }
            }
        } finally {
            runner.close();
        }
        LOG.log(Level.INFO, "bad-input sweep: {0} methods of {1} interfaces, {2} calls; not on this device: {3}",
                methods, ApiInterfaces.provided().size(), calls, absent);
        assertTrue(defects.isEmpty(), () -> defects.size() + " call(s) broke the rule:\n  "
                + String.join("\n  ", defects));
    }

    private SweepWorld openWorld() {
        Device device = deviceSelection().device().orElseThrow();
        return new SweepWorld(device, loopback(), environment());
    }

    private static Void closeWorld(SweepWorld world) {
        world.close();
        return null;
    }

    private SweepWorld closedWorld() {
        SweepWorld world = openWorld();
        world.close();
        assertEquals(List.of(), world.stillOpen(), "objects of the closed world that its close left open");
        return world;
    }

    /**
     * @param which how the call names its receiver: empty if the sweep has one object of its type, {@link #CLOSED}
     *     for the closed one
     * @return what broke the rule in this call, or empty
     */
    private static Optional<String> check(SweepRunner runner, Method method, Object receiver, Object[] arguments,
                                          String which) throws InterruptedException {
        boolean closed = which.equals(CLOSED);
        String call = method.getDeclaringClass().getSimpleName() + "." + method.getName()
                + SweepRunner.describe(arguments) + which;
        Optional<Throwable> thrown;
        try {
            thrown = runner.call(method, receiver, arguments);
        } catch (TimeoutException hang) {
            return Optional.of(call + ": still running " + SweepRunner.HANG + " after an interrupt (a hang)");
        }
        if (thrown.isEmpty()) {
            return closed && method.getReturnType() == void.class
                    ? Optional.of(call + ": returned normally, not ClosedObjectException") : Optional.empty();
        }
        Throwable failure = thrown.get();
        if (!(failure instanceof VerbsException verbs)) {
            return Optional.of(call + ": threw " + failure + " at " + where(failure));
        }
        if (verbs.operation() == null || verbs.operation().isBlank()) {
            return Optional.of(call + ": a VerbsException without its verb: " + verbs);
        }
        if (closed && method.getReturnType() == void.class && !(verbs instanceof ClosedObjectException)) {
            return Optional.of(call + ": threw " + verbs + ", not ClosedObjectException");
        }
        return Optional.empty();
    }

    private static String where(Throwable failure) {
        StackTraceElement[] trace = failure.getStackTrace();
        return trace.length == 0 ? "(no stack)" : trace[0].toString();
    }
}
