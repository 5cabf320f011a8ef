/**
 * JDK Flight Recorder events of the control path ({@code org.verbs4j.*}): objects created and destroyed,
 * queue pair state changes, asynchronous and connection manager events, and failed verbs. Providers
 * record them through {@link org.verbs4j.spi.jfr.VerbsEvents}.
 */
package org.verbs4j.spi.jfr;
