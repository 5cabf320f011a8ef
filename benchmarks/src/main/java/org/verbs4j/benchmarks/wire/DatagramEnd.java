package org.verbs4j.benchmarks.wire;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.DatagramChannel;

/**
 * The baseline: a plain {@link DatagramChannel}, unconnected and bound to the JVM's address as the soft device's
 * endpoint is, that sends bursts of datagrams and receives in a thread of its own (blocked in {@code receive} while
 * nothing comes), counting the datagrams and bytes that arrive.
 */
final class DatagramEnd implements Runnable, AutoCloseable {

    private final DatagramChannel channel;
    private final ByteBuffer sendBuffer = ByteBuffer.allocateDirect(WireRatio.DATAGRAM_BYTES);
    private final ByteBuffer receiveBuffer = ByteBuffer.allocateDirect(1 << 16);
    private volatile long datagrams;
    private volatile long bytes;

    DatagramEnd(InetAddress address) throws IOException {
        channel = DatagramChannel.open();
        channel.bind(new InetSocketAddress(address, 0));
    }

    /** @return the UDP port the channel is bound to */
    int port() throws IOException {
        return ((InetSocketAddress) channel.getLocalAddress()).getPort();
    }

    /** Sends {@code count} datagrams of {@code size} bytes to {@code peer}. */
    void burst(InetSocketAddress peer, int count, int size) throws IOException {
        for (int i = 0; i < count; i++) {
            sendBuffer.clear().limit(size);
            channel.send(sendBuffer, peer);
        }
    }

    /** @return the datagrams received so far */
    long datagrams() {
        return datagrams;
    }

    /** @return the bytes received so far */
    long bytes() {
        return bytes;
    }

    @Override
    public void run() {
        try {
            while (true) {
                receiveBuffer.clear();
                channel.receive(receiveBuffer);
                bytes += receiveBuffer.position();
                datagrams++;
            }
        } catch (AsynchronousCloseException e) {
            return;
        } catch (IOException e) {
            throw new IllegalStateException("the baseline's receive failed", e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
