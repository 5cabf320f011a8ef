package org.verbs4j.tck.remote;

import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.verbs4j.AsyncEvent;
import org.verbs4j.Capabilities;

/** Writes values in the tagged encoding of the wire; one per message. */
final class Encoder {

    private final DataOutputStream out;
    private final WireEnd side;
    private final CallObjects calls;

    Encoder(DataOutputStream out, WireEnd side, CallObjects calls) {
        this.out = out;
        this.side = side;
        this.calls = calls;
    }

    DataOutputStream data() {
        return out;
    }

    /** Writes a value, or a reference to an object that is none. */
    void write(Object value) throws IOException {
        if (value == null) {
            out.writeByte(Tag.NULL);
        } else if (!side.writeKnown(value, this) && !writeValue(value)) {
            side.writeOther(value, this);
        }
    }

    /** Writes what a verb declares as a plain {@code Object} (a user context): always by reference. */
    void writeOpaque(Object value) throws IOException {
        if (value == null) {
            out.writeByte(Tag.NULL);
        } else if (!side.writeKnown(value, this)) {
            side.writeOpaque(value, this);
        }
    }

    void writePeerObject(long handle, List<String> interfaces, String description) throws IOException {
        out.writeByte(Tag.PEER_OBJECT);
        out.writeLong(handle);
        out.writeInt(interfaces.size());
        for (String name : interfaces) {
            out.writeUTF(name);
        }
        writeString(description);
    }

    void writeKitObject(long token) throws IOException {
        out.writeByte(Tag.KIT_OBJECT);
        out.writeLong(token);
    }

    void writeString(String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            byte[] bytes = value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            out.writeInt(bytes.length);
            out.write(bytes);
        }
    }

    private boolean writeValue(Object value) throws IOException {
        return writeScalar(value) || writeContainer(value) || writeApiValue(value) || writeNetwork(value);
    }

    private boolean writeScalar(Object value) throws IOException {
        switch (value) {
            case Boolean b -> tagged(Tag.BOOLEAN).writeBoolean(b);
            case Byte b -> tagged(Tag.BYTE).writeByte(b);
            case Short s -> tagged(Tag.SHORT).writeShort(s);
            case Character c -> tagged(Tag.CHAR).writeChar(c);
            case Integer i -> tagged(Tag.INT).writeInt(i);
            case Long l -> tagged(Tag.LONG).writeLong(l);
            case Float f -> tagged(Tag.FLOAT).writeFloat(f);
            case Double d -> tagged(Tag.DOUBLE).writeDouble(d);
            case String s -> {
                tagged(Tag.STRING);
                writeString(s);
            }
            case Enum<?> e -> writeEnum(e);
            case Duration d -> {
                tagged(Tag.DURATION).writeLong(d.getSeconds());
                out.writeInt(d.getNano());
            }
            case Class<?> c -> tagged(Tag.CLASS).writeUTF(c.getName());
            default -> {
                return false;
            }
        }
        return true;
    }

    private void writeEnum(Enum<?> e) throws IOException {
        tagged(Tag.ENUM).writeUTF(e.getDeclaringClass().getName());
        out.writeUTF(e.name());
    }

    private boolean writeContainer(Object value) throws IOException {
        switch (value) {
            case EnumSet<?> set when !set.isEmpty() -> {
                tagged(Tag.ENUM_SET).writeUTF(set.iterator().next().getDeclaringClass().getName());
                writeElements(set);
            }
            case Set<?> set -> {
                tagged(Tag.SET);
                writeElements(set);
            }
            case List<?> list -> {
                tagged(Tag.LIST);
                writeElements(list);
            }
            case Map<?, ?> map -> writeMap(map);
            case Optional<?> optional -> {
                tagged(Tag.OPTIONAL);
                write(optional.orElse(null));
            }
            default -> {
                return value.getClass().isArray() && writeArray(value);
            }
        }
        return true;
    }

    private void writeElements(Collection<?> elements) throws IOException {
        out.writeInt(elements.size());
        for (Object element : elements) {
            write(element);
        }
    }

    private void writeMap(Map<?, ?> map) throws IOException {
        tagged(Tag.MAP).writeInt(map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            write(entry.getKey());
            write(entry.getValue());
        }
    }

    private boolean writeArray(Object array) throws IOException {
        tagged(Tag.ARRAY).writeUTF(array.getClass().getComponentType().getName());
        int length = Array.getLength(array);
        out.writeInt(length);
        if (array instanceof byte[] bytes) {
            out.write(bytes);
            return true;
        }
        for (int i = 0; i < length; i++) {
            write(Array.get(array, i));
        }
        return true;
    }

    private boolean writeApiValue(Object value) throws IOException {
        switch (value) {
            case MemorySegment segment -> writeSegment(segment);
            case Capabilities capabilities -> {
                tagged(Tag.CAPABILITIES);
                writeElements(List.copyOf(capabilities.supported()));
            }
            case AsyncEvent event -> writeAsyncEvent(event);
            case Record record when ApiTypes.isApiValue(record.getClass()) -> writeRecord(record);
            default -> {
                return writeCallObject(value);
            }
        }
        return true;
    }

    private void writeAsyncEvent(AsyncEvent event) throws IOException {
        tagged(Tag.ASYNC_EVENT).writeLong(side.handleOf(event));
        write(event.type());
        write(event.element());
        out.writeInt(event.portNum());
    }

    private void writeRecord(Record record) throws IOException {
        tagged(Tag.RECORD).writeUTF(record.getClass().getName());
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            Object value = ApiTypes.componentValue(record, component);
            if (component.getType() == Object.class) {
                writeOpaque(value);
            } else {
                write(value);
            }
        }
    }

    private void writeSegment(MemorySegment segment) throws IOException {
        Optional<SharedLocation> location = side.locate(segment);
        if (location.isEmpty()) {
            writeCallObject(segment);
            return;
        }
        SharedLocation where = location.get();
        tagged(Tag.SHARED_SEGMENT).writeUTF(where.file());
        out.writeLong(where.fileSize());
        out.writeLong(where.kitBase());
        out.writeLong(where.offset());
        out.writeLong(where.length());
    }

    private boolean writeCallObject(Object value) throws IOException {
        MutableCodec<Object> codec = MutableCodecs.of(value);
        if (codec == null) {
            return false;
        }
        int index = calls.indexOf(value);
        if (index >= 0) {
            tagged(Tag.CALL_OBJECT_AGAIN).writeInt(index);
            return true;
        }
        calls.add(value);
        tagged(Tag.CALL_OBJECT).writeByte(MutableCodecs.kind(codec));
        codec.writeShape(value, out);
        codec.writeState(value, this);
        codec.writeLinks(value, this);
        return true;
    }

    /** Writes the state of a call object, for comparison or to send it back. */
    void writeState(Object value) throws IOException {
        MutableCodecs.of(value).writeState(value, this);
    }

    private boolean writeNetwork(Object value) throws IOException {
        switch (value) {
            case InetSocketAddress address -> {
                tagged(Tag.INET_SOCKET_ADDRESS).writeInt(address.getPort());
                writeString(address.isUnresolved() ? address.getHostString() : null);
                write(address.getAddress());
            }
            case InetAddress address -> {
                tagged(Tag.INET_ADDRESS).writeInt(address.getAddress().length);
                out.write(address.getAddress());
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private DataOutputStream tagged(byte tag) throws IOException {
        out.writeByte(tag);
        return out;
    }
}
