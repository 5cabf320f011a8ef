package org.verbs4j.tools.perf;

import java.io.PrintWriter;
import java.util.stream.IntStream;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.LinkLayer;
import org.verbs4j.Mtu;
import org.verbs4j.PortAttributes;
import org.verbs4j.QpType;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.tools.connect.Devices;
import org.verbs4j.tools.connect.OutOfBand;
import org.verbs4j.tools.connect.Psn;

/**
 * One side of a perf test, in the order of perftest's {@code main}: versions, system data and MTU are
 * exchanged, the resources created, the queue pair's keys exchanged and the queue pair connected, then the
 * hand-shakes that each C program makes around its loop, so that every message meets its counterpart.
 */
final class PerfRun {

    private static final int PAGE = 4096;
    private static final int CACHE_LINE = 64;
    private static final int HOP_LIMIT = 0xff;
    private static final int MIN_RNR_TIMER = 12;
    private static final int MAX_SIZE = 1 << 23;

    private final PerfSettings settings;
    private final PerfPrinter printer;
    private final PrintWriter err;

    PerfRun(PerfSettings settings, PrintWriter out, PrintWriter err) {
        this.settings = settings;
        this.printer = new PerfPrinter(settings, out);
        this.err = err;
    }

    /** @param catalog where the device is found */
    void run(DeviceCatalog catalog) {
        try (Context context = Devices.open(catalog, settings.device())) {
            PortAttributes port = context.queryPort(settings.ibPort());
            printer.start();
            int gidIndex = settings.gidIndex() >= 0 || port.linkLayer() != LinkLayer.ETHERNET ? settings.gidIndex() : 0;
            try (PerftestLink link = new PerftestLink(open(context), settings.isClient(), gidIndex >= 0)) {
                run(context, port, gidIndex, link);
            }
        }
    }

    private PerftestWire open(Context context) {
        if (settings.rdmaCm()) {
            ConnectionManager cm = context.device().connectionManager();
            return settings.isClient() ? CmWire.connect(cm, settings.host(), settings.tcpPort(), settings.timeout())
                    : CmWire.accept(cm, settings.tcpPort(), settings.timeout());
        }
        return PerftestWire.of(settings.isClient()
                ? OutOfBand.connect(settings.host(), settings.tcpPort(), settings.timeout())
                : OutOfBand.accept(settings.tcpPort(), settings.timeout()));
    }

    private void run(Context context, PortAttributes port, int gidIndex, PerftestLink link) {
        link.versions();
        int cycleBuffer = link.systemData(PAGE, CACHE_LINE)[0];
        Mtu mtu = link.mtu(settings.mtu() != null ? settings.mtu() : port.activeMtu());
        if (settings.connection() == QpType.UD && !settings.all() && settings.size() > mtu.bytes()) {
            throw new PerfFailure("Max message size in UD cannot be greater than MTU (" + mtu.bytes() + ")");
        }
        ConnectRecipe recipe = new ConnectRecipe(settings.ibPort(), mtu, settings.sl(), gidIndex, HOP_LIMIT,
                settings.test().verb().qpAccess(), ConnectRecipe.QKEY, settings.ackTimeout(), MIN_RNR_TIMER);
        int[] sizes = sizes(mtu);
        int outReads = outReads(context);
        Side side = new Side(context.device().name(), port, gidIndex, outReads, link, sizes);
        if (settings.rdmaCm()) {
            try (CmConnection connection = CmConnection.open(context.device().connectionManager(), settings, link,
                    outReads, id -> PerfEndpoint.on(id, settings, cycleBuffer, sizes[sizes.length - 1]))) {
                test(connection.endpoints(), recipe, side);
                connection.finished();
            }
        } else {
            try (PerfEndpoints endpoints = new PerfEndpoints(context, settings, cycleBuffer, sizes[sizes.length - 1])) {
                test(endpoints.all(), recipe, side);
            }
        }
    }

    /** What the test needs to know of this side besides its endpoint. */
    private record Side(String device, PortAttributes port, int gidIndex, int outReads, PerftestLink link,
            int[] sizes) {
    }

    private void test(PerfEndpoint[] endpoints, ConnectRecipe recipe, Side side) {
        PerftestKeys[] mine = new PerftestKeys[endpoints.length];
        for (int i = 0; i < endpoints.length; i++) {
            endpoints[i].prepare(recipe);
            mine[i] = endpoints[i].keys(Psn.random(), side.outReads(), side.gidIndex());
        }
        String linkLayer = side.port().linkLayer() == LinkLayer.ETHERNET ? "Ethernet" : "IB";
        int inline = Math.min(endpoints[0].maxInline(), settings.inlineSize());
        printer.testInfo(new TestInfo(side.device(), linkLayer, recipe.mtu().bytes(), side.gidIndex(), inline,
                side.outReads()));
        connect(endpoints, recipe, side.link(), mine, side.gidIndex() >= 0);
        new PerfBody(settings, printer, err, endpoints, side.link(), mine[0], side.sizes()).run();
    }

    /** @return the message sizes: {@code -s}, or with {@code -a} 2 to 8 MiB by powers of two (UD: to the MTU) */
    private int[] sizes(Mtu mtu) {
        if (!settings.all()) {
            return new int[] {settings.size()};
        }
        int largest = settings.connection() == QpType.UD ? mtu.bytes() : MAX_SIZE;
        return IntStream.iterate(2, size -> size <= largest, size -> size * 2).toArray();
    }

    private int outReads(Context context) {
        PerfTest.Verb verb = settings.test().verb();
        boolean reads = verb == PerfTest.Verb.READ || verb == PerfTest.Verb.ATOMIC;
        return reads ? Math.max(1, context.queryDevice().limits().maxQpRdAtom()) : 1;
    }

    /**
     * The keys, the connection and the hand-shakes up to the address lines, test by test as in C: each queue
     * pair's keys in turn, the connection, this side's address lines, then each queue pair's keys again with
     * the peer's address line; the hand-shakes between them carry the first queue pair's keys.
     */
    private void connect(PerfEndpoint[] endpoints, ConnectRecipe recipe, PerftestLink link, PerftestKeys[] mine,
            boolean withGid) {
        boolean send = settings.test().verb() == PerfTest.Verb.SEND;
        if (settings.test().isLatency() && !send) {
            link.keys(mine[0]);
        }
        PerftestKeys[] theirs = new PerftestKeys[mine.length];
        for (int i = 0; i < mine.length; i++) {
            theirs[i] = link.keys(mine[i]);
        }
        for (int i = 0; i < mine.length; i++) {
            endpoints[i].connect(recipe, mine[i], theirs[i]);
        }
        if (send) {
            link.keys(mine[0]);
        }
        for (PerftestKeys keys : mine) {
            printer.address("local", keys, withGid);
        }
        for (PerftestKeys keys : mine) {
            printer.address("remote", link.keys(keys), withGid);
        }
        if (!send) {
            link.keys(mine[0]);
        }
    }
}
