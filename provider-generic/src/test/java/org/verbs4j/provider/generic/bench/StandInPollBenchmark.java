package org.verbs4j.provider.generic.bench;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.provider.generic.raw.Ibverbs;

/**
 * What the binding adds to an empty poll, on this machine's own CPU (no emulator, no device): the
 * stand-in {@code start_poll} of {@code standin_cq.c}, which returns ENOENT as a provider's does on an empty
 * queue, called (1) by the C loop of {@code empty_poll.c} through the queue's function pointer, (2) by
 * Verbs4J's {@code CompletionQueue.startPoll()} exactly as in production (the queue created by
 * {@code createCompletionQueue} on the stand-in context), and (3) for reference, by the bare FFM floor:
 * a {@code static final} critical downcall handle on the same pointer, with none of Verbs4J's checks.
 * The three run in alternating rounds in one process, after untimed warm-up rounds; it prints best and
 * median nanoseconds per call and the differences from C. The device is a stand-in: the figures are the
 * cost of the call path, not of any provider's poll.
 *
 * <p>Usage: {@code StandInPollBenchmark LIBRARY ITERATIONS ROUNDS} (LIBRARY built by vm/run-benchmark.sh).
 */
@SuppressWarnings("restricted")
public final class StandInPollBenchmark {

    private static final MethodHandle BARE_START_POLL = Linker.nativeLinker().downcallHandle(
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG), Linker.Option.critical(false));
    private static final int ENOENT = 2;

    private StandInPollBenchmark() {
    }

    /**
     * @param args the stand-in library, iterations per round, rounds
     */
    public static void main(String[] args) throws Throwable {
        StandInDevice device = StandInDevice.load(Path.of(args[0]));
        long iterations = Long.parseLong(args[1]);
        int rounds = Integer.parseInt(args[2]);
        Context context = device.open();
        CompletionQueue cq = StandInDevice.keep(context.createCompletionQueue(EmptyPollBenchmark.attributes()));
        MemorySegment cqEx = device.lastCq();
        MemorySegment startPoll = cqEx.get(ADDRESS,
                Ibverbs.get().abi().ibvCqEx.byteOffset(MemoryLayout.PathElement.groupElement("start_poll")));
        MemorySegment pollAttr = Arena.global().allocate(JAVA_INT);
        RoundTimes c = new RoundTimes(rounds);
        RoundTimes verbs4j = new RoundTimes(rounds);
        RoundTimes bare = new RoundTimes(rounds);
        for (int r = -EmptyPollBenchmark.WARM_UP_ROUNDS; r < rounds; r++) {
            double cRound = device.cRound(cqEx, iterations);
            double verbs4jRound = EmptyPollBenchmark.round(cq, iterations);
            double bareRound = bareRound(startPoll, cqEx.address(), pollAttr.address(), iterations);
            if (r >= 0) {
                c.add(cRound);
                verbs4j.add(verbs4jRound);
                bare.add(bareRound);
            }
        }
        System.out.printf("stand-in start_poll on this host: %s; %s %s; %d calls x %d rounds, alternating%n",
                cpu(), System.getProperty("java.vm.name"), System.getProperty("java.vm.version"), iterations, rounds);
        System.out.println("C       ibv_start_poll through cq->start_poll:  " + c);
        System.out.println("FFM     static critical handle, same pointer:    " + bare);
        System.out.println("Verbs4J CompletionQueue.startPoll():             " + verbs4j);
        System.out.printf("Verbs4J - C: best %+.1f ns/call, median %+.1f ns/call (FFM floor - C: best %+.1f, median %+.1f)%n",
                verbs4j.best() - c.best(), verbs4j.median() - c.median(), bare.best() - c.best(),
                bare.median() - c.median());
    }

    private static double bareRound(MemorySegment startPoll, long cq, long attr, long iterations) throws Throwable {
        long start = System.nanoTime();
        for (long k = 0; k < iterations; k++) {
            if ((int) BARE_START_POLL.invokeExact(startPoll, cq, attr) != ENOENT) {
                throw new IllegalStateException("the stand-in queue is not empty");
            }
        }
        return (System.nanoTime() - start) / (double) iterations;
    }

    private static String cpu() throws IOException {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        return (Files.isReadable(cpuinfo) ? Files.readAllLines(cpuinfo).stream()
                .filter(line -> line.startsWith("model name")).map(line -> line.substring(line.indexOf(':') + 2))
                .findFirst() : java.util.Optional.<String>empty()).orElse(System.getProperty("os.arch"))
                + ", " + Runtime.getRuntime().availableProcessors() + " CPUs";
    }
}
