package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.AhAttrs;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Native;

/** C {@code struct ibv_ah}: {@code ibv_create_ah} / {@code ibv_destroy_ah}. */
final class NativeAddressHandle extends NativeResource implements AddressHandle {

    private final NativeProtectionDomain pd;
    private final AhAttributes attributes;

    private NativeAddressHandle(NativeProtectionDomain pd, MemorySegment ah, AhAttributes attributes) {
        super(ah, pd, destroyer(pd.context.ib.destroyAh, ah.address()));
        this.pd = pd;
        this.attributes = attributes;
    }

    static NativeAddressHandle create(NativeProtectionDomain pd, AhAttributes attributes) {
        Args.required("ibv_create_ah", attributes, "the attributes");
        Abi abi = pd.context.abi;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(abi.ibvAhAttr);
            AhAttrs.write(abi, attr, 0, attributes);
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment ah = (MemorySegment) pd.context.ib.createAh.invokeExact(errno, pd.pointer(), attr);
            return new NativeAddressHandle(pd, Native.checkPointer(ah, errno, "ibv_create_ah"), attributes);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    static NativeAddressHandle createFromCompletion(NativeProtectionDomain pd, CompletionQueue cq, MemorySegment grh,
                                                    int portNum) {
        String verb = "ibv_create_ah_from_wc";
        try (Arena call = Arena.ofConfined()) {
            ReplyRoute route = ReplyRoute.of(pd.context.abi, call, verb, cq, grh);
            AhAttributes attributes = pd.context.replyAddress(verb, portNum, route, call);
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment ah = (MemorySegment) pd.context.ib.createAhFromWc.invokeExact(errno, pd.pointer(),
                    route.wc(), route.grh(), (byte) portNum);
            return new NativeAddressHandle(pd, Native.checkPointer(ah, errno, verb), attributes);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    protected String destroyVerb() {
        return "ibv_destroy_ah";
    }

    @Override
    protected void destroyNative() {
        Native.destroy(pd.context.ib.destroyAh, handle, "ibv_destroy_ah");
    }

    @Override
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    @Override
    public AhAttributes attributes() {
        return attributes;
    }
}
