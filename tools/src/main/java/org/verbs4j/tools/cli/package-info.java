/**
 * What {@code verbs4j pingpong} and {@code verbs4j perf} share on the command line: the options that find
 * the device and the peer ({@link org.verbs4j.tools.cli.PeerOptions}), the failures a run reports
 * ({@link org.verbs4j.tools.cli.ToolFailure}) and the exit codes ({@link org.verbs4j.tools.cli.PeerCommand}).
 */
package org.verbs4j.tools.cli;
