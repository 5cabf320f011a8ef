package org.verbs4j.provider.soft;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.verbs4j.Gid;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.ReceiveLoop;
import org.verbs4j.provider.soft.wire.roce.RoceEndpoint;
import org.verbs4j.provider.soft.wire.roce.RocePacket;
import org.verbs4j.provider.soft.wire.roce.cm.CmAttribute;
import org.verbs4j.provider.soft.wire.roce.cm.CmConnection;
import org.verbs4j.provider.soft.wire.roce.cm.CmEvent;
import org.verbs4j.provider.soft.wire.roce.cm.CmListener;
import org.verbs4j.provider.soft.wire.roce.cm.CmMessage;
import org.verbs4j.provider.soft.wire.roce.cm.CmPort;
import org.verbs4j.provider.soft.wire.roce.cm.CmTimeouts;
import org.verbs4j.provider.soft.wire.roce.cm.Gsi;
import org.verbs4j.provider.soft.wire.roce.cm.Mad;

/**
 * An IB CM port of the test JVM on the network ({@link CmPort} on a RoCE v2 endpoint), the other side of an rdma_cm
 * peer JVM: it records every MAD it receives and every event of its connections, with their times. A silent peer
 * takes no MAD into its port (a host where nobody answers). One thread runs the port.
 */
final class GsiPeer implements AutoCloseable {


    /** A MAD received: its attribute, the sender's communication ID, when. */
    record Received(CmAttribute attribute, int senderCommId, long nanos, byte[] mad) {
    }

    /** A MAD sent: its attribute, the MAD, the peer port's GID. */
    record Sent(CmAttribute attribute, byte[] mad, byte[] peerGid) {
    }

    /** An event of a connection, when. */
    record Heard(CmConnection connection, CmEvent event, long nanos) {
    }

    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final List<Heard> heard = new CopyOnWriteArrayList<>();
    private final List<Sent> sent = new CopyOnWriteArrayList<>();
    private final ByteBuffer packet = ByteBuffer.allocate(Gsi.PACKET_BYTES);
    private final int udpPort;
    private final boolean silent;
    private final RoceEndpoint endpoint;
    private final ReceiveLoop loop;
    private final CmPort port;
    private final Thread driver;
    private volatile boolean running = true;
    private int psn = ThreadLocalRandom.current().nextInt(1 << 24);

    GsiPeer(InetAddress local, int udpPort, CmTimeouts timeouts, boolean silent) throws IOException {
        this.udpPort = udpPort;
        this.silent = silent;
        this.endpoint = RoceEndpoint.open(new InetSocketAddress(local, udpPort));
        this.port = new CmPort(Gid.of(local).toBytes(), 0x0253_4fff_fe00_0000L | ThreadLocalRandom.current()
                .nextInt(1 << 24), timeouts, this::send, ThreadLocalRandom.current().nextInt());
        this.loop = ReceiveLoop.start(endpoint, this::onPacket);
        this.driver = Thread.ofPlatform().daemon().name("gsi-peer").start(this::drive);
    }

    /** Runs {@code action} in the port's thread and returns its result. */
    <T> T call(Supplier<T> action) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        tasks.add(() -> {
            try {
                result.complete(action.get());
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(30, TimeUnit.SECONDS);
    }

    /** Listens to {@code service}; {@code onRequest} hears CONNECT_REQUEST in the port's thread. */
    void listen(long service, CmListener onRequest) throws Exception {
        call(() -> {
            port.listen(service, (c, e) -> {
                record(c, e);
                if (e == CmEvent.CONNECT_REQUEST) {
                    onRequest.onEvent(c, e);
                }
            });
            return null;
        });
    }

    /** @return a connection to {@code peer} whose events this peer records */
    CmConnection connection(InetAddress peer) throws Exception {
        return call(() -> port.connection(Gid.of(peer).toBytes(), this::record));
    }

    /** @return the first event {@code connection} heard of {@code type} within {@code wait}, or {@code null} */
    Heard await(CmConnection connection, CmEvent type, Duration wait) throws InterruptedException {
        long end = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() - end < 0) {
            for (Heard h : heard) {
                if (h.connection() == connection && h.event() == type) {
                    return h;
                }
            }
            Thread.sleep(5);
        }
        return null;
    }

    /** @return the first connection that heard CONNECT_REQUEST within {@code wait} after {@code skip} others */
    CmConnection awaitRequest(int skip, Duration wait) throws InterruptedException {
        long end = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() - end < 0) {
            List<Heard> requests = heard.stream().filter(h -> h.event() == CmEvent.CONNECT_REQUEST).toList();
            if (requests.size() > skip) {
                return requests.get(skip).connection();
            }
            Thread.sleep(5);
        }
        return null;
    }

    List<Heard> heard() {
        return List.copyOf(heard);
    }

    /** @return the MADs of {@code attribute} received so far */
    List<Received> received(CmAttribute attribute) {
        return received.stream().filter(r -> r.attribute() == attribute).toList();
    }

    /** @return the MADs of {@code attribute} the port sent so far */
    List<Sent> sent(CmAttribute attribute) {
        return sent.stream().filter(m -> m.attribute() == attribute).toList();
    }

    /** Sends {@code mad} again, as it was: a duplicate the port's own timers would not make yet. */
    void sendAgain(Sent mad) throws Exception {
        call(() -> {
            send(ByteBuffer.wrap(mad.mad()), mad.peerGid());
            return null;
        });
    }

    private void record(CmConnection connection, CmEvent event) {
        heard.add(new Heard(connection, event, System.nanoTime()));
    }

    private void drive() {
        while (running) {
            try {
                long wait = Math.min(port.deadline() - System.nanoTime(), TimeUnit.MILLISECONDS.toNanos(20));
                Runnable task = tasks.poll(Math.max(wait, 0), TimeUnit.NANOSECONDS);
                if (task != null) {
                    task.run();
                }
                port.onTimer(System.nanoTime());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void onPacket(RocePacket p) {
        ByteBuffer b = p.buffer();
        if (p.opcode() != Opcode.UD_SEND_ONLY || Bth.destQp(b, 0) != Gsi.QPN || p.payloadLength() < Mad.BYTES) {
            return;
        }
        byte[] mad = new byte[Mad.BYTES];
        b.get(Gsi.MAD_AT, mad);
        ByteBuffer copy = ByteBuffer.wrap(mad);
        received.add(new Received(CmAttribute.of(Mad.attributeId(copy, 0)), CmMessage.localCommId(copy, 0),
                System.nanoTime(), mad));
        if (!silent) {
            byte[] sender = Gid.of(p.sender().getAddress()).toBytes();
            tasks.add(() -> port.onMad(ByteBuffer.wrap(mad), 0, sender, System.nanoTime()));
        }
    }

    private void send(ByteBuffer mad, byte[] peerGid) {
        byte[] copy = new byte[Mad.BYTES];
        mad.get(0, copy);
        sent.add(new Sent(CmAttribute.of(Mad.attributeId(mad, 0)), copy, peerGid.clone()));
        int covered = Gsi.packet(packet, mad, psn);
        psn = (psn + 1) & Bth.MASK_24;
        try {
            endpoint.send(packet, covered, new InetSocketAddress(Gid.ofBytes(peerGid).toInetAddress(),
                    udpPort));
        } catch (IOException e) {
            if (running) {
                throw new IllegalStateException("the GSI peer could not send", e);
            }
        }
    }

    @Override
    public void close() throws IOException {
        running = false;
        driver.interrupt();
        try {
            driver.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        loop.close();
        endpoint.close();
    }
}
