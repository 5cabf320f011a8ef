package org.verbs4j.tools.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.verbs4j.VerbsException;
import org.verbs4j.tools.connect.PeerException;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The exit codes of {@code pingpong} and {@code perf}: 0 when the run completed; 2 with {@code verbs4j
 * COMMAND: REASON} when the options are wrong or not supported; 1 with {@code verbs4j COMMAND MODE: REASON}
 * when the run failed (device, peer, completion, timeout).
 */
public final class PeerCommand {

    /** The run completed. */
    public static final int OK = 0;
    /** The run failed; the reason was printed. */
    public static final int FAILED = 1;
    /** Usage error, or an option not supported. */
    public static final int USAGE = 2;

    private PeerCommand() {
    }

    /**
     * @param <S> the settings
     * @param spec the command, for its output streams
     * @param command the command's name
     * @param settings reads the options; throws {@link IllegalArgumentException} for a usage error
     * @param mode the mode the settings chose, for the failure's prefix
     * @param run the run
     * @return the exit code
     */
    public static <S> int execute(CommandSpec spec, String command, Supplier<S> settings, Function<S, String> mode,
            Consumer<S> run) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        S chosen;
        try {
            chosen = settings.get();
        } catch (IllegalArgumentException usage) {
            return report(err, "verbs4j " + command, usage, USAGE);
        }
        try {
            run.accept(chosen);
            return OK;
        } catch (ToolFailure | PeerException | VerbsException | IllegalArgumentException failure) {
            out.flush();
            return report(err, "verbs4j " + command + " " + mode.apply(chosen), failure, FAILED);
        }
    }

    private static int report(PrintWriter err, String prefix, RuntimeException reason, int code) {
        err.println(prefix + ": " + reason.getMessage());
        err.flush();
        return code;
    }
}
