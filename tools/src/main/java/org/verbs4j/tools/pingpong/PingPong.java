package org.verbs4j.tools.pingpong;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionField;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.Destination;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.LinkLayer;
import org.verbs4j.Mtu;
import org.verbs4j.PortAttributes;
import org.verbs4j.tools.connect.Devices;
import org.verbs4j.tools.connect.GidText;
import org.verbs4j.tools.connect.OutOfBand;
import org.verbs4j.tools.connect.QpResources;

/** One ping-pong run, in the order of the C examples' {@code main}, printing their lines. */
final class PingPong {

    private final PingPongSettings settings;
    private final PrintWriter out;
    private final PrintWriter err;

    PingPong(PingPongSettings settings, PrintWriter out, PrintWriter err) {
        this.settings = settings;
        this.out = out;
        this.err = err;
    }

    /** @param catalog where the device is found */
    void run(DeviceCatalog catalog) {
        try (Context context = Devices.open(catalog, settings.device())) {
            Mtu mtu = checkPort(context.queryPort(settings.ibPort()));
            ConnectRecipe recipe = ConnectRecipe.pingPong(settings.ibPort(), mtu, settings.sl(), settings.gidIndex());
            try (QpResources resources = resources(context);
                    PingPongMemory memory = PingPongMemory.open(context, resources, settings, err);
                    PingPongEndpoint endpoint = new PingPongEndpoint(context, resources, memory, recipe, settings)) {
                run(endpoint);
            }
        }
    }

    private Mtu checkPort(PortAttributes port) {
        if (port.linkLayer() != LinkLayer.ETHERNET && port.lid() == 0) {
            throw new PingPongFailure("Couldn't get local LID");
        }
        if (settings.transport() == Transport.UD && settings.size() > port.activeMtu().bytes()) {
            throw new PingPongFailure("Requested size larger than port MTU (" + port.activeMtu().bytes() + ")");
        }
        return settings.transport() == Transport.UD ? port.activeMtu() : settings.mtu();
    }

    private QpResources resources(Context context) {
        int headroom = settings.transport().headroom();
        checkFeatures(context);
        QpResources.Builder builder = QpResources.builder(context, settings.transport().qpType())
                .buffer(settings.size() + headroom, settings.memory() == BufferMemory.ON_DEMAND
                        ? EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.ON_DEMAND) : EnumSet.of(AccessFlag.LOCAL_WRITE))
                .completionFields(settings.timestamps() ? timestamped() : CompletionField.STANDARD)
                .depths(1, settings.rxDepth(), settings.rxDepth() + settings.queuePairs())
                .events(settings.events());
        if (settings.transport() == Transport.SRQ) {
            builder.sharedReceiveQueue(settings.rxDepth(), settings.queuePairs());
        }
        QpResources resources = builder.open();
        resources.buffer().fill((byte) 0x7b);
        return resources;
    }

    /**
     * As the C tools check before they register: on-demand paging ({@code -o}, {@code -O}), timestamps
     * ({@code -t}) and device memory ({@code -j}).
     */
    private void checkFeatures(Context context) {
        if (!settings.odp() && !settings.timestamps() && settings.memory() != BufferMemory.DEVICE) {
            return;
        }
        DeviceAttributes attributes = context.queryDevice();
        if (settings.odp()) {
            OnDemandPaging.check(attributes, settings);
        }
        if (settings.timestamps() && attributes.completionTimestampMask() == 0) {
            throw new PingPongFailure("The device isn't completion timestamp capable");
        }
        if (settings.memory() == BufferMemory.DEVICE && attributes.maxDmSize() == 0) {
            throw new PingPongFailure("Device doesn't support dm allocation");
        }
        if (settings.memory() == BufferMemory.DEVICE && attributes.maxDmSize() < settings.size()) {
            throw new PingPongFailure("Device memory is insufficient");
        }
    }

    private static Set<CompletionField> timestamped() {
        Set<CompletionField> fields = EnumSet.copyOf(CompletionField.STANDARD);
        fields.add(CompletionField.COMPLETION_TIMESTAMP);
        return fields;
    }

    private void run(PingPongEndpoint endpoint) {
        endpoint.prepare();
        List<Destination> mine = endpoint.destinations();
        mine.forEach(local -> out.println(line("local address: ", local, settings.transport().gidSeparator())));
        out.flush();
        List<Destination> remote = exchange(endpoint, mine).subList(0, mine.size());
        remote.forEach(peer -> out.println(line("remote address:", peer, ",")));
        out.flush();
        if (!settings.isServer()) {
            endpoint.connect(remote);
        }
        report(endpoint.run());
        if (endpoint.timestamps() != null) {
            endpoint.timestamps().print(out);
        }
        if (!settings.isServer() && settings.validate()) {
            endpoint.invalidPages().forEach(page -> out.printf("invalid data in page %d%n", page));
        }
    }

    private List<Destination> exchange(PingPongEndpoint endpoint, List<Destination> mine) {
        List<Destination> records = new ArrayList<>(mine);
        while (records.size() < settings.transport().records(mine.size())) {
            records.add(Destination.NONE);
        }
        if (settings.isServer()) {
            try (OutOfBand link = OutOfBand.accept(settings.tcpPort(), settings.timeout())) {
                return PingPongExchange.asServer(link, records, endpoint::connect);
            }
        }
        try (OutOfBand link = OutOfBand.connect(settings.host(), settings.tcpPort(), settings.timeout())) {
            return PingPongExchange.asClient(link, records);
        }
    }

    private static String line(String which, Destination address, String gidSeparator) {
        return String.format("  %s LID 0x%04x, QPN 0x%06x, PSN 0x%06x%s GID %s", which, address.lid(), address.qpn(),
                address.psn(), gidSeparator, GidText.of(address.gid()));
    }

    private void report(long nanos) {
        double usec = nanos / 1000.0;
        long bytes = (long) settings.size() * settings.iters() * 2;
        out.println(String.format(Locale.ROOT, "%d bytes in %.2f seconds = %.2f Mbit/sec", bytes, usec / 1e6,
                bytes * 8.0 / usec));
        out.println(String.format(Locale.ROOT, "%d iters in %.2f seconds = %.2f usec/iter", settings.iters(),
                usec / 1e6, usec / settings.iters()));
        out.flush();
    }
}
