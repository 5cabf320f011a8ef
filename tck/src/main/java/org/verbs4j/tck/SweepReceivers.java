package org.verbs4j.tck;

import java.util.Set;
import org.verbs4j.AddressHandle;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.DeviceMemory;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QueuePair;
import org.verbs4j.RwqIndirectionTable;
import org.verbs4j.SendOps;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.Unwrappable;
import org.verbs4j.VerbsObject;
import org.verbs4j.WorkQueue;
import org.verbs4j.XrcDomain;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;

/** The api interfaces of which {@link SweepWorld} holds an object (where the device has it). */
final class SweepReceivers {

    static final Set<Class<?>> KNOWN = Set.of(AddressHandle.class, CompletionChannel.class, CompletionQueue.class,
            Context.class, Device.class, DeviceMemory.class, MemoryRegion.class, MemoryWindow.class, ProtectionDomain.class,
            QueuePair.class, RwqIndirectionTable.class, SendOps.class, SharedReceiveQueue.class, Unwrappable.class,
            VerbsObject.class, WorkQueue.class, XrcDomain.class, ConnectionManager.class, EventChannel.class, CmId.class,
            CmEvent.class);

    private SweepReceivers() {
    }
}
