package org.verbs4j.cm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.verbs4j.CConstant;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.NodeType;
import org.verbs4j.QpType;
import org.verbs4j.SelectionReport;
import org.verbs4j.TransportType;
import org.verbs4j.UnsupportedVerbException;

/** The C values of the connection manager's constants, as rdma-core's {@code <rdma/rdma_cma.h>} gives them. */
class CmValuesTest {

    /** enum rdma_cm_event_type of rdma-core 61 and later, without the private RDMA_CM_EVENT_INTERNAL. */
    private static final List<String> EVENT_TYPES = List.of("RDMA_CM_EVENT_ADDR_RESOLVED", "RDMA_CM_EVENT_ADDR_ERROR",
            "RDMA_CM_EVENT_ROUTE_RESOLVED", "RDMA_CM_EVENT_ROUTE_ERROR", "RDMA_CM_EVENT_CONNECT_REQUEST",
            "RDMA_CM_EVENT_CONNECT_RESPONSE", "RDMA_CM_EVENT_CONNECT_ERROR", "RDMA_CM_EVENT_UNREACHABLE",
            "RDMA_CM_EVENT_REJECTED", "RDMA_CM_EVENT_ESTABLISHED", "RDMA_CM_EVENT_DISCONNECTED",
            "RDMA_CM_EVENT_DEVICE_REMOVAL", "RDMA_CM_EVENT_MULTICAST_JOIN", "RDMA_CM_EVENT_MULTICAST_ERROR",
            "RDMA_CM_EVENT_ADDR_CHANGE", "RDMA_CM_EVENT_TIMEWAIT_EXIT", "RDMA_CM_EVENT_ADDRINFO_RESOLVED",
            "RDMA_CM_EVENT_ADDRINFO_ERROR", "RDMA_CM_EVENT_USER");

    @Test
    void everyEventTypeHasItsCNameAndItsPositionInTheCEnumAsValue() {
        assertThat(CmEventType.values()).hasSize(EVENT_TYPES.size());
        for (int value = 0; value < EVENT_TYPES.size(); value++) {
            CmEventType type = CmEventType.fromValue(value);
            assertThat(type.cName()).isEqualTo(EVENT_TYPES.get(value));
            assertThat(type.value()).isEqualTo(value);
            assertThat(type).hasToString(EVENT_TYPES.get(value));
        }
        assertThatIllegalArgumentException().isThrownBy(() -> CmEventType.fromValue(19))
                .withMessageContaining("rdma_cm_event_type");
        assertThatIllegalArgumentException().isThrownBy(() -> CmEventType.fromValue(-1));
    }

    @Test
    void portSpacesHaveTheirCValuesAndQpTypes() {
        Map<String, Long> values = Arrays.stream(PortSpace.values())
                .collect(Collectors.toMap(CConstant::cName, CConstant::value));
        assertThat(values).containsExactlyInAnyOrderEntriesOf(Map.of("RDMA_PS_IPOIB", 0x0002L, "RDMA_PS_TCP", 0x0106L,
                "RDMA_PS_UDP", 0x0111L, "RDMA_PS_IB", 0x013FL));
        assertThat(PortSpace.TCP.qpType()).isEqualTo(QpType.RC);
        assertThat(PortSpace.UDP.qpType()).isEqualTo(QpType.UD);
        assertThat(PortSpace.fromValue(0x0111)).isEqualTo(PortSpace.UDP);
        assertThatIllegalArgumentException().isThrownBy(() -> PortSpace.fromValue(7));
    }

    @Test
    void addrInfoFlagsAreTheRaiBits() {
        assertThat(Arrays.stream(AddrInfoFlag.values()).collect(Collectors.toMap(CConstant::cName, CConstant::value)))
                .containsExactlyInAnyOrderEntriesOf(Map.of("RAI_PASSIVE", 1L, "RAI_NUMERICHOST", 2L, "RAI_NOROUTE",
                        4L, "RAI_FAMILY", 8L));
    }

    @Test
    void privateDataLimitsAreThoseOfTheManPages() {
        assertThat(PrivateDataLimits.connect(PortSpace.TCP)).isEqualTo(56);
        assertThat(PrivateDataLimits.connect(PortSpace.UDP)).isEqualTo(180);
        assertThat(PrivateDataLimits.accept(PortSpace.TCP)).isEqualTo(196);
        assertThat(PrivateDataLimits.accept(PortSpace.UDP)).isEqualTo(136);
        assertThat(PrivateDataLimits.REJECT).isEqualTo(148);
    }

    @Test
    void connParamCopiesItsPrivateDataAndChecksItsRanges() {
        byte[] data = {1, 2, 3};
        ConnParam param = ConnParam.defaults().withPrivateData(data);
        data[0] = 9;
        assertThat(param.privateData()).containsExactly(1, 2, 3);
        param.privateData()[1] = 9;
        assertThat(param.privateData()).containsExactly(1, 2, 3);
        assertThat(param).isEqualTo(ConnParam.defaults().withPrivateData(new byte[] {1, 2, 3}))
                .hasSameHashCodeAs(ConnParam.defaults().withPrivateData(new byte[] {1, 2, 3}));
        assertThat(param.withQp(0x12, true)).extracting(ConnParam::qpNum, ConnParam::srq).containsExactly(0x12, true);
        assertThat(ConnParam.defaults().withPrivateData(null).privateData()).isEmpty();
        assertThatIllegalArgumentException().isThrownBy(() -> ConnParam.defaults().withRetries(8, 0))
                .withMessageContaining("retry_count");
        assertThatIllegalArgumentException().isThrownBy(() -> ConnParam.defaults().withRetries(0, 8))
                .withMessageContaining("rnr_retry_count");
        assertThatIllegalArgumentException().isThrownBy(() -> ConnParam.defaults().withRdAtomic(256, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> ConnParam.defaults().withQp(1 << 24, false));
        assertThatIllegalArgumentException().isThrownBy(() -> ConnParam.defaults().withPrivateData(new byte[256]))
                .withMessageContaining("private_data_len");
    }

    @Test
    void udParamCopiesItsPrivateData() {
        byte[] data = {4};
        UdParam param = new UdParam(data, null, UdParam.MULTICAST_QPN, 0x01234567);
        data[0] = 0;
        assertThat(param.privateData()).containsExactly(4);
        assertThat(param).isEqualTo(new UdParam(new byte[] {4}, null, 0xffffff, 0x01234567));
    }

    @Test
    void aDeviceWithoutConnectionManagerSaysSoNamingItsProvider() {
        assertThatThrownBy(() -> device("plain").connectionManager()).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("rdma_create_event_channel").hasMessageContaining("'plain'");
    }

    @Test
    void theCatalogGivesTheFirstConnectionManagerOfItsDevices() {
        ConnectionManager manager = (ConnectionManager) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ConnectionManager.class}, (proxy, method, args) -> null);
        Device withCm = new Device() {
            @Override
            public String name() {
                return "cm0";
            }

            @Override
            public String providerId() {
                return "withcm";
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

            @Override
            public ConnectionManager connectionManager() {
                return manager;
            }
        };
        assertThat(catalog(device("plain"), withCm).connectionManager()).isSameAs(manager);
        assertThatThrownBy(() -> catalog(device("plain")).connectionManager())
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("plain0");
    }

    private static DeviceCatalog catalog(Device... devices) {
        return new DeviceCatalog() {
            @Override
            public List<Device> devices() {
                return List.of(devices);
            }

            @Override
            public SelectionReport report() {
                throw new UnsupportedOperationException();
            }

            @Override
            public Optional<Device> device(String name) {
                return Optional.empty();
            }
        };
    }

    private static Device device(String provider) {
        return new Device() {
            @Override
            public String name() {
                return provider + "0";
            }

            @Override
            public String providerId() {
                return provider;
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
