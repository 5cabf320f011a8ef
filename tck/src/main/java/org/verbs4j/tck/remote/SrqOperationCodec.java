package org.verbs4j.tck.remote;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.verbs4j.SrqOpcode;
import org.verbs4j.SrqOperation;

/** A tag-matching operation: its scatter/gather capacity, its fields and entries, the next one of its chain. */
final class SrqOperationCodec implements MutableCodec<SrqOperation> {

    @Override
    public Class<SrqOperation> type() {
        return SrqOperation.class;
    }

    @Override
    public void writeShape(SrqOperation value, DataOutputStream out) throws IOException {
        out.writeInt(value.sgList().capacity());
    }

    @Override
    public SrqOperation create(DataInputStream in) throws IOException {
        return new SrqOperation(in.readInt());
    }

    @Override
    public void writeState(SrqOperation value, Encoder out) throws IOException {
        DataOutputStream data = out.data();
        data.writeLong(value.wrId());
        data.writeUTF(value.opcode().name());
        data.writeInt(value.flags());
        data.writeInt(value.unexpectedCnt());
        data.writeInt(value.handle());
        data.writeLong(value.recvWrId());
        data.writeLong(value.tag());
        data.writeLong(value.mask());
        ScatterGatherListCodec.writeEntries(value.sgList(), data);
    }

    @Override
    public void readState(SrqOperation value, Decoder in) throws IOException {
        DataInputStream data = in.data();
        value.wrId(data.readLong()).opcode(SrqOpcode.valueOf(data.readUTF())).flags(data.readInt())
                .unexpectedCnt(data.readInt()).handle(data.readInt()).recvWrId(data.readLong()).tag(data.readLong())
                .mask(data.readLong());
        ScatterGatherListCodec.readEntries(value.sgList(), data);
    }

    @Override
    public void writeLinks(SrqOperation value, Encoder out) throws IOException {
        out.write(value.next());
    }

    @Override
    public void readLinks(SrqOperation value, Decoder in) throws IOException {
        value.next((SrqOperation) in.read());
    }
}
