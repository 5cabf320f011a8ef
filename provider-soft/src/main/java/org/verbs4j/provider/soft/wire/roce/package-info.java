/**
 * RoCE v2 packets on UDP: the transport headers byte for byte, the Invariant CRC, and an endpoint that sends and
 * receives them, as the IBTA specification (chapter 9, Annex A17) defines them and Linux's rxe implements them.
 *
 * <h2>Headers</h2>
 * A packet is a UDP datagram to port {@value org.verbs4j.provider.soft.wire.roce.RoceV2#UDP_PORT}: the
 * {@link org.verbs4j.provider.soft.wire.roce.Bth BTH}, the extended headers its
 * {@link org.verbs4j.provider.soft.wire.roce.Opcode opcode} carries, in wire order (DETH, RETH, AtomicETH, AETH,
 * AtomicAckETH, ImmDt, IETH), the payload, zero to three pad bytes and the four-byte ICRC. Every codec reads and
 * writes at absolute indexes of a big-endian {@link java.nio.ByteBuffer} (a
 * {@link java.lang.foreign.MemorySegment} through its {@code asByteBuffer()} view, made once), so it allocates
 * nothing.
 *
 * <h2>ICRC</h2>
 * {@link org.verbs4j.provider.soft.wire.roce.Icrc} covers the IP and UDP headers with their variant fields masked,
 * the BTH with its resv8a byte (FECN, BECN) masked, and the rest of the packet. Java never sees the IP header it
 * sends or receives, and needs it only in part: every field that enters the CRC is masked or known, but one. The
 * addresses and ports are the socket's and the peer's; the lengths follow from the datagram's; don't-fragment is
 * set. The exception is the IPv4 identification: this layer's packets carry 0 (what Linux gives every datagram of
 * an unconnected socket with don't-fragment), but rxe draws its own per destination, so a receiver recovers it
 * from the ICRC, which the CRC's linearity allows; that check is 16 bits strong instead of 32 for IPv4 packets
 * with a nonzero identification (see {@code Ipv4Identification}). IPv6 has no such field. So the endpoint binds a
 * specific address and never connects its socket.
 *
 * <h2>IPv6 and rxe</h2>
 * rxe sends RoCE v2 over IPv6 with a zero UDP checksum. Linux hands such a datagram only to a socket with
 * {@code UDP_NO_CHECK6_RX}, an option Java's sockets lack, so an endpoint receives nothing rxe sends over IPv6 (the
 * kernel counts the datagrams as UDP input errors). rxe accepts what the endpoint sends over IPv6, and two endpoints
 * talk over IPv6 with each other, since Linux gives their datagrams a real checksum.
 *
 * <h2>Threads</h2>
 * A {@link org.verbs4j.provider.soft.wire.roce.RoceEndpoint} is received from by one thread at a time, usually its
 * {@link org.verbs4j.provider.soft.wire.roce.ReceiveLoop} (a daemon thread per endpoint, which closing the loop
 * ends); sends come from any thread, serialized. Datagrams that are too short, truncated, of an unknown opcode or
 * transport version, or with a bad ICRC are counted by reason and dropped; an exception of the handler is counted
 * too, and the loop goes on.
 */
package org.verbs4j.provider.soft.wire.roce;
