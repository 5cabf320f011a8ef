package org.verbs4j.tck.remote;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.verbs4j.ReceiveRequest;

/** A receive request: its scatter/gather capacity, its work request id and entries, the next one of its chain. */
final class ReceiveRequestCodec implements MutableCodec<ReceiveRequest> {

    @Override
    public Class<ReceiveRequest> type() {
        return ReceiveRequest.class;
    }

    @Override
    public void writeShape(ReceiveRequest value, DataOutputStream out) throws IOException {
        out.writeInt(value.sgList().capacity());
    }

    @Override
    public ReceiveRequest create(DataInputStream in) throws IOException {
        return new ReceiveRequest(in.readInt());
    }

    @Override
    public void writeState(ReceiveRequest value, Encoder out) throws IOException {
        out.data().writeLong(value.wrId());
        ScatterGatherListCodec.writeEntries(value.sgList(), out.data());
    }

    @Override
    public void readState(ReceiveRequest value, Decoder in) throws IOException {
        value.wrId(in.data().readLong());
        ScatterGatherListCodec.readEntries(value.sgList(), in.data());
    }

    @Override
    public void writeLinks(ReceiveRequest value, Encoder out) throws IOException {
        out.write(value.next());
    }

    @Override
    public void readLinks(ReceiveRequest value, Decoder in) throws IOException {
        value.next((ReceiveRequest) in.read());
    }
}
