package org.verbs4j.tck.remote;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.verbs4j.TmInfo;

/** A completion's tag-matching information, the out-parameter of {@code readTmInfo}. */
final class TmInfoCodec implements MutableCodec<TmInfo> {

    @Override
    public Class<TmInfo> type() {
        return TmInfo.class;
    }

    @Override
    public void writeShape(TmInfo value, DataOutputStream out) {
    }

    @Override
    public TmInfo create(DataInputStream in) {
        return new TmInfo();
    }

    @Override
    public void writeState(TmInfo value, Encoder out) throws IOException {
        out.data().writeLong(value.tag());
        out.data().writeInt(value.priv());
    }

    @Override
    public void readState(TmInfo value, Decoder in) throws IOException {
        value.set(in.data().readLong(), in.data().readInt());
    }
}
