package org.verbs4j.tck.remote;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.verbs4j.ScatterGatherList;

/** A scatter/gather list: its capacity, then its entries. */
final class ScatterGatherListCodec implements MutableCodec<ScatterGatherList> {

    @Override
    public Class<ScatterGatherList> type() {
        return ScatterGatherList.class;
    }

    @Override
    public void writeShape(ScatterGatherList value, DataOutputStream out) throws IOException {
        out.writeInt(value.capacity());
    }

    @Override
    public ScatterGatherList create(DataInputStream in) throws IOException {
        return new ScatterGatherList(in.readInt());
    }

    @Override
    public void writeState(ScatterGatherList value, Encoder out) throws IOException {
        writeEntries(value, out.data());
    }

    @Override
    public void readState(ScatterGatherList value, Decoder in) throws IOException {
        readEntries(value, in.data());
    }

    static void writeEntries(ScatterGatherList list, DataOutputStream out) throws IOException {
        out.writeInt(list.size());
        for (int i = 0; i < list.size(); i++) {
            out.writeLong(list.address(i));
            out.writeInt(list.length(i));
            out.writeInt(list.lkey(i));
        }
    }

    static void readEntries(ScatterGatherList list, DataInputStream in) throws IOException {
        list.clear();
        int size = in.readInt();
        for (int i = 0; i < size; i++) {
            list.add(in.readLong(), in.readInt(), in.readInt());
        }
    }
}
