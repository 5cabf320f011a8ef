package org.verbs4j.tck.remote;

/**
 * Where a segment lies in a shared-memory file: the file and its size, the address at which the kit JVM
 * mapped it, and the segment's offset and length in it.
 */
record SharedLocation(String file, long fileSize, long kitBase, long offset, long length) {
}
