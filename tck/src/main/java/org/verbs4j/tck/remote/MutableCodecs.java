package org.verbs4j.tck.remote;

import java.util.List;

/** The mutable values that cross as call objects, numbered by their place here. */
final class MutableCodecs {

    private static final List<MutableCodec<?>> CODECS = List.of(new ReceiveRequestCodec(), new SrqOperationCodec(),
            new ScatterGatherListCodec(), new TmInfoCodec(), new QpAttributesCodec(), new SegmentCopyCodec());

    private MutableCodecs() {
    }

    /** @return the codec of {@code value}'s kind, null if it is none of them */
    @SuppressWarnings("unchecked")
    static MutableCodec<Object> of(Object value) {
        for (MutableCodec<?> codec : CODECS) {
            if (codec.type().isInstance(value)) {
                return (MutableCodec<Object>) codec;
            }
        }
        return null;
    }

    static byte kind(MutableCodec<?> codec) {
        return (byte) CODECS.indexOf(codec);
    }

    @SuppressWarnings("unchecked")
    static MutableCodec<Object> codec(byte kind) {
        return (MutableCodec<Object>) CODECS.get(kind);
    }
}
