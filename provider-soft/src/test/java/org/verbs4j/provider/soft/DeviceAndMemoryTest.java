package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.Context;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceCapFlag;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;
import org.verbs4j.GidType;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.LinkLayer;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MwType;
import org.verbs4j.PortAttributes;
import org.verbs4j.PortState;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.TmCapFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

class DeviceAndMemoryTest {

    private final Rig rig = new Rig();

    @AfterEach
    void tearDown() {
        rig.close();
    }

    @Test
    void theProviderIsFoundAndAlwaysAvailable() {
        assertThat(getClass().getModule().getDescriptor().provides()).anySatisfy(provides -> {
            assertThat(provides.service()).isEqualTo(VerbsProvider.class.getName());
            assertThat(provides.providers()).containsExactly(SoftProvider.class.getName());
        });
        assertThat(org.verbs4j.Verbs.devices()).extracting(org.verbs4j.Device::name).contains("soft0");
        try (Context opened = org.verbs4j.Verbs.open("soft0")) {
            assertThat(opened.device().providerId()).isEqualTo("soft");
        }
        VerbsProvider provider = new SoftProvider();
        assertThat(provider.kind()).isEqualTo(ProviderKind.SOFTWARE);
        assertThat(provider.availability().available()).isTrue();
        assertThat(provider.devices()).extracting(org.verbs4j.Device::name).startsWith("soft0");
        assertThat(provider.devices().get(0).providerId()).isEqualTo("soft");
    }

    @Test
    void deviceAttributesArePlausibleAndConsistent() {
        DeviceAttributes attributes = rig.context.queryDevice();
        assertThat(attributes.nodeGuid()).isEqualTo(rig.context.device().nodeGuid());
        assertThat(attributes.physPortCount()).isEqualTo(1);
        assertThat(attributes.limits().maxCqe()).isEqualTo(DeviceProfile.MAX_CQE);
        assertThat(attributes.limits().maxQpWr()).isGreaterThanOrEqualTo(1024);
        assertThat(attributes.tmCaps().flags()).contains(TmCapFlag.RC);
        assertThat(rig.context.capabilities().supports(Capability.QP_RC)).isTrue();
        assertThat(rig.context.capabilities().supports(Capability.XRC)).isTrue();
        assertThat(attributes.has(DeviceCapFlag.XRC)).isTrue();
        PortAttributes port = rig.context.queryPort(1);
        assertThat(port.state()).isEqualTo(PortState.ACTIVE);
        assertThat(port.linkLayer()).isEqualTo(LinkLayer.ETHERNET);
        assertThatThrownBy(() -> rig.context.queryPort(2)).isInstanceOf(InvalidArgumentException.class);
    }

    @Test
    void gidTableHasALinkLocalAndAnIpv4MappedRoceV2Gid() {
        List<GidEntry> table = rig.context.queryGidTable(1);
        assertThat(table).extracting(GidEntry::type).containsOnly(GidType.ROCE_V2);
        Gid linkLocal = table.get(0).gid();
        assertThat(linkLocal.high()).isEqualTo(0xfe80_0000_0000_0000L);
        assertThat(linkLocal.low()).isEqualTo(rig.context.device().nodeGuid());
        assertThat(linkLocal.toString()).startsWith("fe80:0000:0000:0000:");
        Gid ipv4 = table.get(1).gid();
        assertThat(ipv4.high()).isZero();
        assertThat(ipv4.low() >>> 32).isEqualTo(0xffffL);
        assertThat(rig.context.queryGid(1, 1)).isEqualTo(ipv4);
        assertThat(rig.context.queryGid(1, 5)).isEqualTo(Gid.ZERO);
        assertThatThrownBy(() -> rig.context.queryGid(1, DeviceProfile.GID_TABLE_LENGTH))
                .isInstanceOf(InvalidArgumentException.class);
    }

    @Test
    void lifetimeRulesAreEnforced() {
        Context context = new SoftProvider().devices().get(0).open();
        ProtectionDomain pd = context.allocateProtectionDomain();
        MemoryRegion mr = pd.registerMemory(rig.arena.allocate(64), Set.of(AccessFlag.LOCAL_WRITE));
        assertThatThrownBy(context::close).isInstanceOf(BusyException.class);
        assertThatThrownBy(pd::close).isInstanceOf(BusyException.class);
        mr.close();
        assertThatThrownBy(mr::close).isInstanceOf(ClosedObjectException.class);
        pd.close();
        assertThatThrownBy(() -> pd.registerMemory(rig.arena.allocate(8), Set.of()))
                .isInstanceOf(ClosedObjectException.class);
        context.close();
        assertThatThrownBy(context::queryDevice).isInstanceOf(ClosedObjectException.class);
        assertThatThrownBy(context::allocateProtectionDomain).isInstanceOf(ClosedObjectException.class);
    }

    @Test
    void registrationChecksTheAccessFlagsAndTheMemory() {
        assertThatThrownBy(() -> rig.pd.registerMemory(rig.arena.allocate(8), Set.of(AccessFlag.REMOTE_WRITE)))
                .isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.pd.registerMemory(MemorySegment.ofArray(new byte[8]), Set.of()))
                .isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.pd.registerMemory(rig.arena.allocate(8), Set.of(AccessFlag.ON_DEMAND)))
                .isInstanceOf(UnsupportedVerbException.class);
        MemoryRegion first = rig.region(64);
        MemoryRegion second = rig.region(64);
        assertThat(first.lkey()).isNotEqualTo(second.lkey());
        assertThat(first.rkey()).isEqualTo(first.lkey());
        assertThat(first.length()).isEqualTo(64);
        assertThat(first.access()).isEqualTo(Rig.ALL_ACCESS);
    }

    @Test
    void addressHandlesNeedAGlobalRouteOnEthernet() {
        assertThatThrownBy(() -> rig.pd.createAddressHandle(new AhAttributes(null, 1, 0, 0, 0, 1)))
                .isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.pd.createAddressHandle(AhAttributes.global(rig.context.queryGid(1, 0), 7, 1)))
                .as("GID index 7 is empty").isInstanceOf(InvalidArgumentException.class);
        assertThat(rig.pd.createAddressHandle(AhAttributes.global(rig.context.queryGid(1, 0), 1, 1)).attributes()
                .grh().sgidIndex()).isEqualTo(1);
    }

    @Test
    void closingTheContextWakesABlockedEventWaiter() throws Exception {
        Context context = new SoftProvider().devices().get(0).open();
        Waiter<?> waiter = Waiter.start("getAsyncEvent", context::getAsyncEvent)
                .awaitBlockedIn(AsyncEventQueue.class, "take");
        context.close();
        assertThatThrownBy(() -> waiter.get(5)).hasCauseInstanceOf(ClosedObjectException.class);
    }

    @Test
    void aContextCanStartWithAPortActiveEvent() {
        System.setProperty(SoftContext.PORT_ACTIVE_EVENT_PROPERTY, "true");
        try (Context context = new SoftProvider().devices().get(0).open()) {
            org.verbs4j.AsyncEvent event = context.getAsyncEvent(java.time.Duration.ofSeconds(1));
            assertThat(event.type()).isEqualTo(org.verbs4j.AsyncEventType.PORT_ACTIVE);
            assertThat(event.portNum()).isEqualTo(1);
            assertThat(event.element()).isNull();
            context.ackAsyncEvent(event);
        } finally {
            System.clearProperty(SoftContext.PORT_ACTIVE_EVENT_PROPERTY);
        }
        assertThat(rig.context.getAsyncEvent(java.time.Duration.ZERO)).as("off by default").isNull();
    }

    @Test
    void memoryWindowsAndDomains() {
        assertThat(rig.pd.allocateMemoryWindow(MwType.TYPE_1).type()).isEqualTo(MwType.TYPE_1);
        assertThat(rig.pd.allocateMemoryWindow(MwType.TYPE_2).rkey()).isNotZero();
        assertThat(rig.context.allocateParentDomain(rig.pd).isParentDomain()).isTrue();
        assertThat(rig.context.openXrcDomain().context()).isSameAs(rig.context);
        assertThat(EnumSet.copyOf(rig.context.capabilities().unsupported())).contains(Capability.TSO)
                .doesNotContain(Capability.XRC, Capability.PARENT_DOMAIN);
    }
}
