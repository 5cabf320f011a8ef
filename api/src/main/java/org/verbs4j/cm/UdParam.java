package org.verbs4j.cm;

import java.util.Arrays;
import java.util.Objects;
import org.verbs4j.AhAttributes;

/**
 * The datagram parameters of an event (C {@code struct rdma_ud_param}): for {@link PortSpace#UDP}, what
 * a {@link CmEventType#CONNECT_REQUEST}, {@link CmEventType#ESTABLISHED} or {@link CmEventType#MULTICAST_JOIN}
 * event tells about the remote endpoint or group.
 *
 * @param privateData the remote side's private data, copied; possibly longer than what it sent, zero-padded
 * @param ahAttr the address vector to create an address handle to the remote endpoint or group with, or
 *     {@code null} where the event gives none
 * @param qpNum the remote QP number, or {@code 0xFFFFFF} for a multicast group
 * @param qkey the Q_Key to send to the remote endpoint or group with
 */
public record UdParam(byte[] privateData, AhAttributes ahAttr, int qpNum, int qkey) {

    /** The QP number of every multicast group. */
    public static final int MULTICAST_QPN = 0xffffff;

    /** Copies the private data ({@code null} becomes empty). */
    public UdParam {
        privateData = privateData == null ? new byte[0] : privateData.clone();
    }

    /** @return a copy of the private data */
    @Override
    public byte[] privateData() {
        return privateData.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof UdParam that && Arrays.equals(privateData, that.privateData)
                && Objects.equals(ahAttr, that.ahAttr) && qpNum == that.qpNum && qkey == that.qkey;
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(privateData), ahAttr, qpNum, qkey);
    }

    @Override
    public String toString() {
        return "UdParam[privateData=" + privateData.length + " bytes, ahAttr=" + ahAttr + ", qpNum=" + qpNum
                + ", qkey=0x" + Integer.toHexString(qkey) + "]";
    }
}
