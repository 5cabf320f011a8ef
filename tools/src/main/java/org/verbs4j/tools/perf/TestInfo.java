package org.verbs4j.tools.perf;

/**
 * What perftest's header ({@code ctx_print_test_info}) and JSON report ({@code write_test_info_to_file}) say
 * of this side beyond its options.
 *
 * @param device the device's name
 * @param linkLayer {@code IB} or {@code Ethernet}
 * @param mtuBytes the MTU in use
 * @param gidIndex the GID index in use, negative for none
 * @param inline the largest message sent inline
 * @param outReads the reads and atomics outstanding at once
 */
record TestInfo(String device, String linkLayer, int mtuBytes, int gidIndex, int inline, int outReads) {
}
