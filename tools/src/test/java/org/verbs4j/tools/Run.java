package org.verbs4j.tools;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.Supplier;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.spi.VerbsProvider;
import picocli.CommandLine;

/** The outcome of one run of the command line: exit code and the printed lines. */
record Run(int exitCode, List<String> out, List<String> err) {

    static Run of(DeviceCatalog catalog, String... args) {
        return of(() -> catalog, args);
    }

    static Run of(Supplier<DeviceCatalog> catalog, String... args) {
        return run(Main.commandLine(catalog), args);
    }

    static Run withProviders(List<VerbsProvider> providers, DeviceCatalog catalog, String... args) {
        return run(Main.commandLine(() -> catalog, () -> providers), args);
    }

    private static Run run(CommandLine commandLine, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Run(exitCode, out.toString().lines().toList(), err.toString().lines().toList());
    }
}
