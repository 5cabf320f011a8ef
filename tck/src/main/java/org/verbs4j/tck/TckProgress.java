package org.verbs4j.tck;

/**
 * Told about each area of the kit as it completes, while {@link TckLauncher} runs: the way
 * {@code verbs4j tck} prints one line per area. Called on the thread that runs the kit.
 */
@FunctionalInterface
public interface TckProgress {

    /** Progress that is not reported. */
    TckProgress NONE = result -> { };

    /**
     * Called once per area that ran at least one test, after its last test.
     *
     * @param result the counts of the area
     */
    void areaFinished(AreaResult result);
}
