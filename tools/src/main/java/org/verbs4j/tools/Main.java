package org.verbs4j.tools;

import java.util.List;
import java.util.function.Supplier;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.Verbs;
import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tools.perf.PerfCommand;
import org.verbs4j.tools.pingpong.PingPongCommand;
import picocli.CommandLine;

/**
 * The entry point of the {@code verbs4j} command line.
 */
public final class Main {

    private Main() {
    }

    /**
     * Runs the command line and exits with its exit code.
     *
     * @param args the command line arguments
     */
    public static void main(String[] args) {
        System.exit(commandLine(Verbs::catalog).execute(args));
    }

    /**
     * @param catalog where the commands get their devices; called once per run
     * @return the {@code verbs4j} command line with all its subcommands, using the installed providers
     */
    static CommandLine commandLine(Supplier<DeviceCatalog> catalog) {
        return commandLine(catalog, InstalledProviders::load);
    }

    /**
     * @param catalog where the commands get their devices
     * @param providers the installed providers, for {@code verbs4j tck}
     * @return the {@code verbs4j} command line with all its subcommands
     */
    static CommandLine commandLine(Supplier<DeviceCatalog> catalog, Supplier<List<VerbsProvider>> providers) {
        CommandLine commandLine = new CommandLine(new Verbs4jCommand());
        commandLine.addSubcommand(new DevicesCommand(catalog));
        commandLine.addSubcommand(new TckCommand(providers, catalog));
        commandLine.addSubcommand(new PingPongCommand(catalog));
        commandLine.addSubcommand(new PerfCommand(catalog));
        commandLine.getCommandSpec().version("verbs4j " + version());
        return commandLine;
    }

    private static String version() {
        var descriptor = Main.class.getModule().getDescriptor();
        if (descriptor != null && descriptor.rawVersion().isPresent()) {
            return descriptor.rawVersion().get();
        }
        String version = Main.class.getPackage().getImplementationVersion();
        return version != null ? version : "(development build)";
    }
}
