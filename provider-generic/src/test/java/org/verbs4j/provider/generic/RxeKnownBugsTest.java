package org.verbs4j.provider.generic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.spi.KnownDeviceBug;

class RxeKnownBugsTest {

    @Test
    void anRxeDeviceHasTheDriversKnownBugsAndAnotherDeviceNone() {
        GenericProvider provider = new GenericProvider();

        assertThat(provider.knownBugs(named("rxe0"))).hasSize(5);
        assertThat(provider.knownBugs(named("mlx5_0"))).isEmpty();
    }

    @Test
    void everyBugNamesATestOfTheKit() {
        TestPlan plan = LauncherFactory.create().discover(LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(GenericProviderTckTest.class)).build());
        Set<String> displayNames = plan.getRoots().stream().flatMap(root -> plan.getDescendants(root).stream())
                .map(TestIdentifier::getDisplayName).collect(Collectors.toSet());

        assertThat(new GenericProvider().knownBugs(named("rxe1"))).extracting(KnownDeviceBug::contract)
                .allSatisfy(contract -> assertThat(displayNames).contains(contract));
    }

    private static Device named(String name) {
        return new Device() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String providerId() {
                return GenericProvider.ID;
            }

            @Override
            public long nodeGuid() {
                return 0;
            }

            @Override
            public NodeType nodeType() {
                return NodeType.CA;
            }

            @Override
            public TransportType transportType() {
                return TransportType.IB;
            }

            @Override
            public Context open() {
                throw new UnsupportedOperationException();
            }
        };
    }
}
