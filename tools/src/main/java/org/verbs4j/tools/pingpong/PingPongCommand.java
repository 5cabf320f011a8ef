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

    @Option(names = {"-O", "--iodp"}, hidden = true)
    private boolean implicitOdp;

    @Option(names = {"-P", "--prefetch"}, hidden = true)
    private boolean prefetch;

    @Option(names = {"-t", "--ts"}, description = "get CQE with timestamp (rc)")
    private boolean timestamps;

    @Option(names = {"-j", "--dm"}, hidden = true)
    private boolean deviceMemory;

    /** @param catalog supplies the device catalog, for example {@code Verbs::catalog} */
    public PingPongCommand(Supplier<DeviceCatalog> catalog) {
        this.catalog = catalog;
    }

    @Override
    public Integer call() {
        return PeerCommand.execute(spec, "pingpong", this::settings,
                chosen -> chosen.transport().name().toLowerCase(Locale.ROOT),
                chosen -> new PingPong(chosen, spec.commandLine().getOut()).run(catalog.get()));
    }

    private PingPongSettings settings() {
        Transport chosen = Transport.parse(transport);
        refuseUnsupported();
        if (odp && chosen != Transport.RC && chosen != Transport.SRQ || timestamps && chosen != Transport.RC) {
            throw new IllegalArgumentException((odp ? "-o" : "-t") + " is not an option of ibv_"
                    + chosen.name().toLowerCase(Locale.ROOT) + "_pingpong");
        }
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
                peer.timeout(), odp, timestamps);
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

    private void refuseUnsupported() {
        String option = implicitOdp ? "-O (implicit on-demand paging)" : prefetch ? "-P (prefetch)"
                : deviceMemory ? "-j (device memory)" : null;
        if (option != null) {
            throw new IllegalArgumentException(option + " is not supported by verbs4j pingpong");
        }
    }
}
