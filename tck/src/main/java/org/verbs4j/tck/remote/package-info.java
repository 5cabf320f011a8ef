/**
 * A provider in another JVM, behind the API: {@link org.verbs4j.tck.remote.RemotePeer} starts it and returns its
 * devices as proxies, and an arena of shared memory whose segments both JVMs see, so that the kit's responder side
 * can live in a second process while the kit reads its memory directly.
 */
package org.verbs4j.tck.remote;
