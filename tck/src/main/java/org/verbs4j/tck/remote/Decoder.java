package org.verbs4j.tck.remote;

import java.io.DataInputStream;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.VerbsObject;

/** Reads values in the tagged encoding of the wire; one per message. */
final class Decoder {

    private final DataInputStream in;
    private final WireEnd side;
    private final CallObjects calls;

    Decoder(DataInputStream in, WireEnd side, CallObjects calls) {
        this.in = in;
        this.side = side;
        this.calls = calls;
    }

    DataInputStream data() {
        return in;
    }

    CallObjects calls() {
        return calls;
    }

    Object read() throws IOException {
        byte tag = in.readByte();
        return switch (tag) {
            case Tag.NULL -> null;
            case Tag.BOOLEAN -> in.readBoolean();
            case Tag.BYTE -> in.readByte();
            case Tag.SHORT -> in.readShort();
            case Tag.CHAR -> in.readChar();
            case Tag.INT -> in.readInt();
            case Tag.LONG -> in.readLong();
            case Tag.FLOAT -> in.readFloat();
            case Tag.DOUBLE -> in.readDouble();
            case Tag.STRING -> readString();
            default -> readComposite(tag);
        };
    }

    String readString() throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    private Object readComposite(byte tag) throws IOException {
        return switch (tag) {
            case Tag.ENUM -> readEnum(type(in.readUTF()));
            case Tag.DURATION -> Duration.ofSeconds(in.readLong(), in.readInt());
            case Tag.CLASS -> type(in.readUTF());
            case Tag.ENUM_SET -> readEnumSet(type(in.readUTF()));
            case Tag.SET -> Collections.unmodifiableSet(new LinkedHashSet<>(readElements()));
            case Tag.LIST -> Collections.unmodifiableList(readElements());
            case Tag.MAP -> readMap();
            case Tag.OPTIONAL -> Optional.ofNullable(read());
            case Tag.ARRAY -> readArray(componentType(in.readUTF()));
            default -> readApiValue(tag);
        };
    }

    private Object readApiValue(byte tag) throws IOException {
        return switch (tag) {
            case Tag.RECORD -> readRecord(type(in.readUTF()));
            case Tag.CAPABILITIES -> Capabilities.of(readElements().stream().map(Capability.class::cast).toList());
            case Tag.ASYNC_EVENT -> readAsyncEvent();
            case Tag.SHARED_SEGMENT -> side.segment(
                    new SharedLocation(in.readUTF(), in.readLong(), in.readLong(), in.readLong(), in.readLong()));
            case Tag.CALL_OBJECT -> readCallObject(MutableCodecs.codec(in.readByte()));
            case Tag.CALL_OBJECT_AGAIN -> calls.get(in.readInt());
            default -> readReference(tag);
        };
    }

    private Object readReference(byte tag) throws IOException {
        return switch (tag) {
            case Tag.PEER_OBJECT -> readPeerObject();
            case Tag.KIT_OBJECT -> side.kitObject(in.readLong());
            case Tag.INET_ADDRESS -> InetAddress.getByAddress(readBytes(in.readInt()));
            case Tag.INET_SOCKET_ADDRESS -> readSocketAddress();
            default -> throw new IOException("unknown tag " + tag + " on the wire");
        };
    }

    private Object readPeerObject() throws IOException {
        long handle = in.readLong();
        int count = in.readInt();
        List<String> interfaces = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            interfaces.add(in.readUTF());
        }
        return side.peerObject(handle, interfaces, readString());
    }

    private Object readSocketAddress() throws IOException {
        int port = in.readInt();
        String unresolvedHost = readString();
        InetAddress address = (InetAddress) read();
        return unresolvedHost != null ? InetSocketAddress.createUnresolved(unresolvedHost, port)
                : new InetSocketAddress(address, port);
    }

    private AsyncEvent readAsyncEvent() throws IOException {
        long handle = in.readLong();
        AsyncEventType type = (AsyncEventType) read();
        VerbsObject element = (VerbsObject) read();
        return side.asyncEvent(handle, new AsyncEvent(type, element, in.readInt()));
    }

    private List<Object> readElements() throws IOException {
        int size = in.readInt();
        List<Object> elements = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            elements.add(read());
        }
        return elements;
    }

    private Map<Object, Object> readMap() throws IOException {
        int size = in.readInt();
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            map.put(read(), read());
        }
        return Collections.unmodifiableMap(map);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object readEnum(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private Object readEnum(Class<?> type) throws IOException {
        return readEnum(type, in.readUTF());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object readEnumSet(Class<?> type) throws IOException {
        EnumSet set = EnumSet.noneOf((Class) type);
        set.addAll(readElements());
        return set;
    }

    private Object readArray(Class<?> componentType) throws IOException {
        int length = in.readInt();
        if (componentType == byte.class) {
            return readBytes(length);
        }
        Object array = Array.newInstance(componentType, length);
        for (int i = 0; i < length; i++) {
            Array.set(array, i, read());
        }
        return array;
    }

    private byte[] readBytes(int length) throws IOException {
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }

    private Object readRecord(Class<?> type) throws IOException {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            values[i] = read();
            types[i] = components[i].getType();
        }
        return ApiTypes.construct(type, types, values);
    }

    /** Reads the new state of one of the call's objects into it. */
    void readBack() throws IOException {
        Object value = calls.get(in.readInt());
        MutableCodecs.of(value).readState(value, this);
    }

    private Object readCallObject(MutableCodec<Object> codec) throws IOException {
        Object value = codec.create(in);
        calls.add(value);
        codec.readState(value, this);
        codec.readLinks(value, this);
        return value;
    }

    private static Class<?> componentType(String name) throws IOException {
        return switch (name) {
            case "boolean" -> boolean.class;
            case "byte" -> byte.class;
            case "short" -> short.class;
            case "char" -> char.class;
            case "int" -> int.class;
            case "long" -> long.class;
            case "float" -> float.class;
            case "double" -> double.class;
            default -> type(name);
        };
    }

    static Class<?> type(String name) throws IOException {
        try {
            return Class.forName(name, false, Decoder.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IOException("the class " + name + " is unknown on this side", e);
        }
    }
}
