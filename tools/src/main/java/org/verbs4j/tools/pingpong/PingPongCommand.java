package org.verbs4j.tools.pingpong;

import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.Mtu;
import org.verbs4j.tools.cli.PeerCommand;
import org.verbs4j.tools.cli.PeerOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code verbs4j pingpong rc|uc|ud|srq [HOST]}: rdma-core's {@code ibv_rc_pingpong}, {@code ibv_uc_pingpong},
 * {@code ibv_ud_pingpong} and {@code ibv_srq_pingpong}, with their options, defaults, address exchange and
 * output, so that either side can be the C tool. Without a host it is the server.
 */
@Command(name = "pingpong",
        mixinStandardHelpOptions = true,
        description = {
            "Ping-pong between two hosts, like ibv_rc_pingpong, ibv_uc_pingpong, ibv_ud_pingpong and",
            "ibv_srq_pingpong, and interchangeable with them: start the server (no HOST) on one side,",
            "then the client with the server's HOST on the other."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every exchange completed",
            "1:the run failed (device, peer, completion error, timeout); the reason is printed",
            "2:usage error, or an option verbs4j does not support"})
public final class PingPongCommand implements Callable<Integer> {


    private final Supplier<DeviceCatalog> catalog;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRANSPORT", description = "rc, uc, ud or srq")
    private String transport;

    @Parameters(index = "1", arity = "0..1", paramLabel = "HOST", description = "the server; none: be the server")
    private String host;

    @Mixin
    private PeerOptions peer = new PeerOptions();

    @Option(names = {"-s", "--size"}, description = "size of message to exchange (default 4096; ud 1024)")
    private Integer size;

    @Option(names = {"-m", "--mtu"}, description = "path MTU (default 1024; not for ud)")
    private Integer mtu;

    @Option(names = {"-r", "--rx-depth"}, description = "number of receives to post at a time (default 500)")
    private int rxDepth = 500;

    @Option(names = {"-n", "--iters"}, description = "number of exchanges (default 1000)")
    private int iters = 1000;

    @Option(names = {"-l", "--sl"}, description = "service level value (default 0)")
    private int sl;

    @Option(names = {"-e", "--events"}, description = "sleep on CQ events (default poll)")
    private boolean events;

    @Option(names = {"-g", "--gid-idx"}, description = "local port gid index (default none: no GRH)")
    private int gidIndex = -1;

    @Option(names = {"-c", "--chk"}, description = "validate received buffer")
    private boolean validate;

    @Option(names = {"-q", "--num-qp"}, description = "number of QPs to use (srq only, default 16)")
    private Integer queuePairs;

    @Option(names = {"-N", "--new_send"}, description = "use the new post send WR API (verbs4j always does)")
    private boolean newSend;

    @Option(names = {"-o", "--odp"}, description = "use on demand paging (rc and srq)")
    private boolean odp;

    @Option(names = {"-O", "--iodp"}, description = "use implicit on demand paging (rc)")
    private boolean implicitOdp;

    @Option(names = {"-P", "--prefetch"}, description = "prefetch an ODP MR (rc)")
    private boolean prefetch;

    @Option(names = {"-t", "--ts"}, description = "get CQE with timestamp (rc)")
    private boolean timestamps;

    @Option(names = {"-j", "--dm"}, description = "use device memory (rc)")
    private boolean deviceMemory;

    /** @param catalog supplies the device catalog, for example {@code Verbs::catalog} */
    public PingPongCommand(Supplier<DeviceCatalog> catalog) {
        this.catalog = catalog;
    }

    @Override
    public Integer call() {
        return PeerCommand.execute(spec, "pingpong", this::settings,
                chosen -> chosen.transport().name().toLowerCase(Locale.ROOT),
                chosen -> new PingPong(chosen, spec.commandLine().getOut(), spec.commandLine().getErr())
                        .run(catalog.get()));
    }

    private PingPongSettings settings() {
        Transport chosen = Transport.parse(transport);
        String foreign = foreignOption(chosen);
        if (foreign != null) {
            throw new IllegalArgumentException(foreign + " is not an option of ibv_"
                    + chosen.name().toLowerCase(Locale.ROOT) + "_pingpong");
        }
        BufferMemory memory = bufferMemory();
        if (chosen == Transport.UD && mtu != null) {
            throw new IllegalArgumentException("ud has no -m: ibv_ud_pingpong uses the port's active MTU");
        }
        if (chosen != Transport.SRQ && queuePairs != null) {
            throw new IllegalArgumentException("-q is an option of srq only");
        }
        int qps = chosen == Transport.SRQ ? (queuePairs == null ? 16 : queuePairs) : 1;
        checkQueuePairs(chosen, qps);
        if (iters <= 0 || rxDepth <= 0) {
            throw new IllegalArgumentException("-n and -r must be positive");
        }
        return new PingPongSettings(chosen, host, peer.tcpPort(), peer.device(), peer.ibPort(), size == null ? chosen.defaultSize() : size,
                mtu == null ? Mtu.MTU_1024 : Mtu.ofBytes(mtu), rxDepth, iters, sl, events, gidIndex, validate, qps,
                peer.timeout(), memory, prefetch, timestamps);
    }

    private void checkQueuePairs(Transport chosen, int qps) {
        if (chosen == Transport.SRQ && qps > rxDepth) {
            throw new IllegalArgumentException("rx_depth " + rxDepth + " is too small for " + qps
                    + " QPs -- must have at least one receive per QP.");
        }
        if (qps >= Transport.SRQ_RECORDS) {
            throw new IllegalArgumentException("num_qp " + qps + " must be less than " + Transport.SRQ_RECORDS);
        }
    }

    /** @return the first option given that the C tool of {@code chosen} does not have, or {@code null} */
    private String foreignOption(Transport chosen) {
        if (odp && chosen != Transport.RC && chosen != Transport.SRQ) {
            return "-o";
        }
        if (chosen == Transport.RC) {
            return null;
        }
        return timestamps ? "-t" : implicitOdp ? "-O" : prefetch ? "-P" : deviceMemory ? "-j" : null;
    }

    /** The buffer the options ask for, refused as {@code ibv_rc_pingpong} refuses their combinations. */
    private BufferMemory bufferMemory() {
        boolean onDemand = odp || implicitOdp;
        if (onDemand && deviceMemory) {
            throw new IllegalArgumentException("DM memory region can't be on demand");
        }
        if (!onDemand && prefetch) {
            throw new IllegalArgumentException("prefetch is valid only with on-demand memory region");
        }
        return implicitOdp ? BufferMemory.IMPLICIT_ON_DEMAND : odp ? BufferMemory.ON_DEMAND
                : deviceMemory ? BufferMemory.DEVICE : BufferMemory.PINNED;
    }
}
