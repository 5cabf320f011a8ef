package org.verbs4j.tck.broken;

import java.util.List;
import org.verbs4j.Capabilities;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

/**
 * A provider that behaves like a real one (the soft provider) except for one {@link Breakage}: its
 * devices open contexts whose completion queues, protection domains or completion channels are faulty
 * decorations of the real ones.
 */
final class BrokenProvider implements VerbsProvider {

    private final VerbsProvider real;
    private final Breakage breakage;
    private final Decorations decorations = new Decorations();

    BrokenProvider(VerbsProvider real, Breakage breakage) {
        this.real = real;
        this.breakage = breakage;
    }

    @Override
    public String id() {
        return real.id();
    }

    @Override
    public ProviderKind kind() {
        return real.kind();
    }

    @Override
    public Availability availability() {
        return real.availability();
    }

    @Override
    public List<Device> devices() {
        return real.devices().stream().map(this::device).toList();
    }

    private Device device(Device device) {
        return decorations.decorate(Device.class, device, (proxy, method, args) -> {
            breakage.beforeDeviceVerb(method.getName());
            Object result = decorations.forward(device, method, args);
            return result instanceof Context context ? context(context) : result;
        });
    }

    private Context context(Context context) {
        return decorations.decorate(Context.class, context, (proxy, method, args) -> {
            breakage.beforeContextVerb(method.getName());
            Object result = decorations.forward(context, method, args);
            return switch (result) {
                case Capabilities capabilities -> breakage.capabilities(capabilities);
                case CompletionQueue cq -> breakage.completionQueue(cq, decorations);
                case ProtectionDomain pd -> breakage.protectionDomain(pd, decorations);
                case CompletionChannel channel -> breakage.completionChannel(channel, decorations);
                case null, default -> result;
            };
        });
    }
}
