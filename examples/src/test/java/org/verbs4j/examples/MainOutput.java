package org.verbs4j.examples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Runs an example's {@code main} and returns what it printed. */
final class MainOutput {

    private MainOutput() {
    }

    /**
     * @param main the example's main method
     * @return what it printed to {@link System#out}
     */
    static synchronized String of(Consumer<String[]> main) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            main.accept(new String[0]);
        } finally {
            System.setOut(original);
        }
        String output = captured.toString(StandardCharsets.UTF_8);
        original.print(output);
        return output;
    }
}
