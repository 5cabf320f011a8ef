package org.verbs4j.provider.soft.wire;

import java.nio.ByteBuffer;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.LocalAccess;
import org.verbs4j.provider.soft.engine.TagMatcher;
import org.verbs4j.provider.soft.engine.TaggedMessage;
import org.verbs4j.provider.soft.wire.roce.rc.ReceiveCompletion;

/**
 * The SENDs that reach a queue pair of a tag-matching SRQ over the RoCE v2 wire, packet by packet: the SRQ's
 * {@link TagMatcher} decides at the first packet, from the TMH (and RVH) its payload starts with, where the
 * message goes (an SRQ buffer, or a tagged buffer after the TMH); the payloads are placed there; the last packet
 * completes it, as a whole message is completed inside the JVM. A matched RNDV message then has its data read
 * by {@link RendezvousReads}. Fabric lock held; nothing is allocated.
 */
final class TaggedArrivals {

    private final NetworkQueuePair qp;
    private final RendezvousReads reads;
    private final TaggedMessage message = new TaggedMessage();
    private final PacketView incoming = new PacketView();

    TaggedArrivals(NetworkQueuePair qp, RendezvousReads reads) {
        this.qp = qp;
        this.reads = reads;
    }

    /** @return whether the message whose first packet has a payload of {@code length} bytes at {@code at} is taken */
    boolean arrive(ByteBuffer packet, int at, int length) {
        long headerBytes = Math.min(length, TaggedMessage.FIN_BYTES);
        LocalAccess.copy(incoming.of(packet), at, message.header(headerBytes), 0, headerBytes);
        return matcher().arrive(message, qp, length, reads.mayRead());
    }

    /** Places the slice at {@code offset} of the message; a message longer than its buffer completes LOC_LEN_ERR. */
    void place(long offset, ByteBuffer packet, int at, int length) {
        long skipped = message.skipped();
        long end = offset + length;
        if (!message.places() || end <= skipped) {
            return;
        }
        if (end - skipped > message.target().totalLength()) {
            message.overflows();
            return;
        }
        long from = Math.max(offset, skipped);
        LocalAccess.copy(incoming.of(packet), at + (from - offset), message.target(), from - skipped, end - from);
    }

    /** The message ended (or the responder refused it, with the status of {@code done}): completes it. */
    void end(ReceiveCompletion done) {
        if (done.status() != WcStatus.SUCCESS) {
            message.fails(done.status());
        }
        if (matcher().end(message, qp, done.byteLength(), done.solicited())) {
            reads.read(message);
        }
    }

    private TagMatcher matcher() {
        return qp.softSrq().tagMatcher();
    }
}
