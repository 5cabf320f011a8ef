package org.verbs4j.tck;

/** The operations a thread of the stress draws from, with the weight of each in the draw. */
enum StressOperation {

    /** A signaled SEND of one request on one of the queue pairs. */
    SEND(6),
    /** A receive on one of the queue pairs. */
    RECEIVE(5),
    /** A poll batch on one of the completion queues (sometimes followed by a stray end_poll). */
    POLL(8),
    /**
     * Arming a completion queue and waiting briefly for an event on the channel, or waiting briefly for an
     * asynchronous event of the context; an event is acknowledged.
     */
    EVENT_WAIT(2),
    /** A query of a queue pair, a modify to ERR, or a modify the state table refuses. */
    MODIFY(2),
    /** A resize of one of the completion queues (never below what its queue pairs may hold). */
    RESIZE(1),
    /** A receive, limit or query on the shared receive queue. */
    SHARED_RECEIVE(2),
    /** A close of one of the objects, parents included (they refuse with EBUSY while children live). */
    CLOSE(2),
    /** A short pause, so that the threads meet in other places. */
    PAUSE(2);

    private static final StressOperation[] DRAW = draw();

    private final int weight;

    StressOperation(int weight) {
        this.weight = weight;
    }

    private static StressOperation[] draw() {
        return java.util.Arrays.stream(values())
                .flatMap(operation -> java.util.stream.Stream.generate(() -> operation).limit(operation.weight))
                .toArray(StressOperation[]::new);
    }

    /** @return an operation drawn by weight */
    static StressOperation draw(java.util.Random random) {
        return DRAW[random.nextInt(DRAW.length)];
    }
}
