/**
 * The generic provider against C on a stand-in device ({@code src/main/c/standin_device.c}): the same
 * workloads driven by a C loop and through the Verbs4J api, in one process, on the host's own CPU.
 */
package org.verbs4j.benchmarks.standin;
