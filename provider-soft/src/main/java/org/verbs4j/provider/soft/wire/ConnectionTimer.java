package org.verbs4j.provider.soft.wire;

import java.util.ArrayList;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The clock of the RoCE v2 connections: one daemon thread ({@code verbs4j-roce-timer}, started with the first
 * connection) that sleeps until the earliest deadline of their requesters (the local ACK timeout, an RNR NAK's
 * timer), then runs the due ones under the fabric lock: retransmission, RNR retries, and the RETRY_EXC_ERR or
 * RNR_RETRY_EXC_ERR that ends them. A requester that gets an earlier deadline wakes it ({@link #nudge}). It
 * waits on a condition of the fabric lock, so it holds the lock only while it runs.
 */
final class ConnectionTimer {

    private final ReentrantLock lock;
    private final Condition wakeup;
    private final ArrayList<NetworkConnection> connections = new ArrayList<>();
    private long wakeAt = Long.MAX_VALUE;
    private boolean sweeping;
    private Thread thread;

    ConnectionTimer(ReentrantLock lock) {
        this.lock = lock;
        this.wakeup = lock.newCondition();
    }

    /** Adds a connection; fabric lock held. */
    void add(NetworkConnection connection) {
        connections.add(connection);
        if (thread == null) {
            thread = Thread.ofPlatform().daemon().name("verbs4j-roce-timer").start(this::run);
        }
    }

    /** Forgets a stopped connection (a sweep under way drops it itself); fabric lock held. */
    void remove(NetworkConnection connection) {
        if (!sweeping) {
            connections.remove(connection);
        }
    }

    /** Wakes the thread if {@code deadline} comes before its wake-up; fabric lock held. */
    void nudge(long deadline) {
        if (deadline < wakeAt) {
            wakeAt = deadline;
            wakeup.signal();
        }
    }

    private void run() {
        lock.lock();
        try {
            while (true) {
                long now = System.nanoTime();
                wakeAt = sweep(now);
                if (wakeAt == Long.MAX_VALUE) {
                    wakeup.await();
                } else {
                    wakeup.awaitNanos(wakeAt - now);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    /** Runs the due timers. @return the earliest deadline left */
    private long sweep(long now) {
        sweeping = true;
        long next = Long.MAX_VALUE;
        try {
            int i = 0;
            while (i < connections.size()) {
                NetworkConnection connection = connections.get(i);
                if (connection.stopped()) {
                    connections.set(i, connections.getLast());
                    connections.removeLast();
                    continue;
                }
                next = Math.min(next, connection.onTimer(now));
                i++;
            }
        } finally {
            sweeping = false;
        }
        return next;
    }
}
