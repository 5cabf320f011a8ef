package org.verbs4j.provider.soft.wire;

import org.verbs4j.provider.soft.engine.ContextView;

/** A device context as the wire sees it: the engine's view and its device. Implemented by the soft context alone. */
public interface NetworkContext extends ContextView {

    /** Its device. */
    NetworkDevice softDevice();
}
