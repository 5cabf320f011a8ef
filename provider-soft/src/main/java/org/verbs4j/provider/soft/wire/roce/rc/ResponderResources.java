package org.verbs4j.provider.soft.wire.roce.rc;

/** A responder's ring of {@link ResponderResource}s, max_dest_rd_atomic of them: a new one replaces the oldest. */
final class ResponderResources {

    private final ResponderResource[] ring;
    private int next;

    ResponderResources(int count) {
        ring = new ResponderResource[Math.max(1, count)];
        for (int i = 0; i < ring.length; i++) {
            ring[i] = new ResponderResource();
        }
    }

    ResponderResource take() {
        ResponderResource resource = ring[next];
        next = (next + 1) % ring.length;
        return resource;
    }

    /** @return the resource whose PSNs cover {@code psn}, or null */
    ResponderResource find(int psn) {
        for (ResponderResource resource : ring) {
            if (resource.covers(psn)) {
                return resource;
            }
        }
        return null;
    }
}
