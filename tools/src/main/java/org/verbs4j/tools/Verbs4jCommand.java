package org.verbs4j.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The top-level {@code verbs4j} command. Without a subcommand it prints its usage.
 */
@Command(name = "verbs4j",
        mixinStandardHelpOptions = true,
        description = "Verbs4J: modern RDMA verbs for Java. Inspects the providers and devices Verbs4J sees, and"
                + " measures them against rdma-core's and perftest's tools (pingpong, perf).",
        subcommands = HelpCommand.class)
final class Verbs4jCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    Verbs4jCommand() {
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
