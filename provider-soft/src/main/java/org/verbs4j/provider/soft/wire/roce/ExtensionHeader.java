package org.verbs4j.provider.soft.wire.roce;

/**
 * The extended transport headers that may follow the BTH, declared in the order they appear on the wire
 * (IBTA 9.2: RDETH, DETH, FETH, RETH, AtomicETH, AETH, AtomicAckETH, ImmDt, IETH, as rxe places the FETH of a
 * FLUSH before its RETH; RDETH is absent, as RD is). The XRCETH of the XRC annex comes first, right after the BTH;
 * no XRC packet carries a DETH.
 */
public enum ExtensionHeader {
    /** XRC Extended Transport Header: the XRC SRQ number a request goes to. */
    XRCETH(4),
    /** Datagram Extended Transport Header: Q_Key and source QP (UD). */
    DETH(8),
    /** FLUSH Extended Transport Header: selectivity level and placement type. */
    FETH(4),
    /** RDMA Extended Transport Header: virtual address, R_Key, DMA length. */
    RETH(16),
    /** Atomic Extended Transport Header: address, R_Key, swap or add data, compare data. */
    ATOMIC_ETH(28),
    /** ACK Extended Transport Header: syndrome and MSN. */
    AETH(4),
    /** Atomic ACK Extended Transport Header: the original remote data. */
    ATOMIC_ACK_ETH(8),
    /** Immediate data. */
    IMMDT(4),
    /** Invalidate Extended Transport Header: the R_Key to invalidate. */
    IETH(4);

    private final int bytes;

    ExtensionHeader(int bytes) {
        this.bytes = bytes;
    }

    /** @return the length of this header in bytes */
    public int bytes() {
        return bytes;
    }

    /** @return this header's bit in a set of headers */
    int bit() {
        return 1 << ordinal();
    }
}
