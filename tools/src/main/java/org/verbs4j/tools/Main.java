package org.verbs4j.tools;

import java.util.function.Supplier;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.Verbs;
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
     * @param catalog where the {@code devices} command gets its devices; called once per run
     * @return the {@code verbs4j} command line with all its subcommands
     */
    static CommandLine commandLine(Supplier<DeviceCatalog> catalog) {
        CommandLine commandLine = new CommandLine(new Verbs4jCommand());
        commandLine.addSubcommand(new DevicesCommand(catalog));
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
