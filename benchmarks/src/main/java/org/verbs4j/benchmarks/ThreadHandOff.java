package org.verbs4j.benchmarks;

import java.util.concurrent.locks.LockSupport;

/**
 * The hand-off of {@link HandOffBenchmark} driven in rounds from the calling thread: it hands a number of
 * 8-byte messages through a {@link SpscRing} to a consumer thread of its own and returns when the consumer
 * has taken the last one. Between rounds the consumer is parked, so that it takes no processor from
 * whatever the calling thread measures next; a round's clock starts once the consumer is awake.
 */
final class ThreadHandOff implements AutoCloseable {

    private static final int CAPACITY = 1024;
    private static final long EMPTY = -1;

    private final SpscRing ring = new SpscRing(CAPACITY);
    private final Thread consumer = new Thread(this::consume, "hand-off consumer");
    private volatile boolean running = true;
    /** The round the producer started; the consumer wakes up for it. */
    private volatile long started;
    /** The round the consumer is awake for. */
    private volatile long awake;
    /** The round whose last message the consumer took. */
    private volatile long finished;

    ThreadHandOff() {
        consumer.setDaemon(true);
        consumer.start();
    }

    /**
     * Hands {@code messages} messages to the consumer thread.
     *
     * @param messages how many, at least 1
     * @return the nanoseconds from the first offer to the consumer taking the last message
     */
    long handOff(int messages) {
        long round = started + 1;
        started = round;
        LockSupport.unpark(consumer);
        while (awake != round) {
            Thread.onSpinWait();
        }
        long begin = System.nanoTime();
        for (long message = 0; message < messages - 1; message++) {
            offer(message);
        }
        offer(-1 - round);
        while (finished != round) {
            Thread.onSpinWait();
        }
        return System.nanoTime() - begin;
    }

    private void offer(long message) {
        while (!ring.offer(message)) {
            Thread.onSpinWait();
        }
    }

    /** The consumer: per round, takes messages until the round's last one (a negative message other than EMPTY). */
    private void consume() {
        long round = 0;
        while (running) {
            if (started == round) {
                LockSupport.park(this);
                continue;
            }
            round++;
            awake = round;
            takeUntil(-1 - round);
            finished = round;
        }
    }

    private void takeUntil(long last) {
        long message;
        do {
            message = ring.poll(EMPTY);
        } while (message != last && (message != EMPTY || running));
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(consumer);
    }
}
