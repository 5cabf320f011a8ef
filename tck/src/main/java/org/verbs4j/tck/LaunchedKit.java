package org.verbs4j.tck;

import org.verbs4j.spi.VerbsProvider;

/**
 * The whole kit against the provider {@link TckLauncher} was given. Found by no build tool (it lives in
 * the kit's main code); selected only by the launcher. Run any other way, it has no provider and
 * reports "no device".
 */
final class LaunchedKit extends VerbsTck {

    private static volatile VerbsProvider launched;
    private static volatile TckEnvironment launchedEnvironment;

    LaunchedKit() {
    }

    static void launch(VerbsProvider provider, TckEnvironment environment) {
        launched = provider;
        launchedEnvironment = environment;
    }

    static void clear() {
        launched = null;
        launchedEnvironment = null;
    }

    @Override
    protected VerbsProvider provider() {
        return launched;
    }

    @Override
    protected TckEnvironment environment() {
        TckEnvironment environment = launchedEnvironment;
        return environment != null ? environment : super.environment();
    }
}
