package org.verbs4j.provider.soft.wire;

import org.verbs4j.Gid;
import org.verbs4j.provider.soft.engine.FabricView;
import org.verbs4j.provider.soft.engine.ObjectTable;

/** The fabric as the wire sees it: the engine's view, its queue pairs with their connections, and its network. */
public interface WireFabric extends FabricView {

    @Override
    ObjectTable<? extends NetworkQueuePair> queuePairs();

    /** The addresses its devices are bound to. */
    SoftNetwork network();

    /**
     * @return whether traffic to {@code gid} stays inside the JVM: a soft device of the JVM has it and is no
     *     separate host ({@link SoftNetwork#separateHosts()})
     */
    boolean keepsInJvm(Gid gid);
}
