package org.verbs4j.tck.remote;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A segment outside shared memory (inline data, a GRH, an out-parameter): its bytes are copied into a buffer of
 * the other side, which lives as long as it is reachable, and copied back if the call changed them.
 */
final class SegmentCopyCodec implements MutableCodec<MemorySegment> {

    private static final long ALIGNMENT = 16;

    @Override
    public Class<MemorySegment> type() {
        return MemorySegment.class;
    }

    @Override
    public void writeShape(MemorySegment value, DataOutputStream out) throws IOException {
        out.writeLong(value.byteSize());
    }

    @Override
    public MemorySegment create(DataInputStream in) throws IOException {
        return Arena.ofAuto().allocate(in.readLong(), ALIGNMENT);
    }

    @Override
    public void writeState(MemorySegment value, Encoder out) throws IOException {
        out.data().write(value.toArray(ValueLayout.JAVA_BYTE));
    }

    @Override
    public void readState(MemorySegment value, Decoder in) throws IOException {
        byte[] bytes = new byte[Math.toIntExact(value.byteSize())];
        in.data().readFully(bytes);
        MemorySegment.copy(bytes, 0, value, ValueLayout.JAVA_BYTE, 0, bytes.length);
    }
}
