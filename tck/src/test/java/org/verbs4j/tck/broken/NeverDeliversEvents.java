package org.verbs4j.tck.broken;

import java.time.Duration;
import org.verbs4j.CompletionChannel;

/** Bug: completion channels never hand out an event; a timed wait just times out. */
final class NeverDeliversEvents implements Breakage {

    @Override
    public CompletionChannel completionChannel(CompletionChannel real, Decorations decorations) {
        return decorations.decorate(CompletionChannel.class, real, (proxy, method, args) -> switch (method.getName()) {
            case "getEvent" -> {
                if (args != null && args.length == 1) {
                    Thread.sleep((Duration) args[0]);
                    yield null;
                }
                throw new IllegalStateException("a blocking getEvent() would hang forever here");
            }
            case "tryGetEvent" -> null;
            default -> decorations.forward(real, method, args);
        });
    }
}
