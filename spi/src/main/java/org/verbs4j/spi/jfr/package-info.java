/**
 * JDK Flight Recorder events ({@code org.verbs4j.*}): objects created and destroyed, queue pair state
 * changes, asynchronous and connection manager events, failed verbs, and error completions. Providers
 * record them through {@link org.verbs4j.spi.jfr.VerbsEvents}.
 */
package org.verbs4j.spi.jfr;
