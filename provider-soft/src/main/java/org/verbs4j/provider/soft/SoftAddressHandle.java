package org.verbs4j.provider.soft;

import java.net.InetSocketAddress;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.Gid;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.provider.soft.engine.AddressHandleView;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * An address handle: the path to a remote port. On the soft device's Ethernet port it must carry a
 * global route, whose source GID index names a valid entry of the local GID table.
 */
public final class SoftAddressHandle extends SoftObject implements AddressHandle, AddressHandleView {

    private static final String CREATE = "ibv_create_ah";

    private final SoftProtectionDomain pd;
    private final AhAttributes attributes;
    private final Gid sourceGid;
    /** The UDP destination of the datagrams through this handle that leave the JVM, made on first use. */
    private InetSocketAddress networkDestination;

    SoftAddressHandle(SoftProtectionDomain pd, AhAttributes attributes) {
        super("ibv_destroy_ah", "address handle", pd.softContext().device().name());
        this.sourceGid = validate(pd.softContext(), attributes, CREATE);
        pd.retain(CREATE);
        this.pd = pd;
        this.attributes = attributes;
        pd.softContext().knownPeers().add(attributes.grh().dgid());
    }

    /** Checks an address vector; @return the source GID it names */
    static Gid validate(SoftContext context, AhAttributes attributes, String verb) {
        SoftContext.checkPort(verb, attributes.portNum());
        if (!attributes.isGlobal()) {
            throw Failures.invalid(verb, "the port's link layer is Ethernet: the address needs a global route");
        }
        Gid source = context.gid(verb, attributes.grh().sgidIndex());
        if (source.isZero()) {
            throw Failures.invalid(verb, "GID index " + attributes.grh().sgidIndex() + " is empty");
        }
        if (attributes.grh().dgid() == null || attributes.grh().dgid().isZero()) {
            throw Failures.invalid(verb, "the destination GID is missing");
        }
        return source;
    }

    @Override
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    /** @return the domain of the access checks: the protection domain, or the PD of a parent domain */
    SoftProtectionDomain softPd() {
        return pd.domain();
    }

    @Override
    public AhAttributes attributes() {
        return attributes;
    }

    public Gid sourceGid() {
        return sourceGid;
    }

    public Gid destinationGid() {
        return attributes.grh().dgid();
    }

    /**
     * @param udpPort the peers' RoCE v2 UDP port
     * @return the IP address of the destination GID with that port; made once, with the fabric lock held
     */
    public InetSocketAddress networkDestination(int udpPort) {
        if (networkDestination == null) {
            networkDestination = new InetSocketAddress(destinationGid().toInetAddress(), udpPort);
        }
        return networkDestination;
    }

    @Override
    void destroy() {
        pd.softContext().knownPeers().remove(attributes.grh().dgid());
    }

    @Override
    void afterClose() {
        pd.release();
    }
}
