package org.verbs4j.provider.mlx5.standin;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.verbs4j.provider.mlx5.standin.StandIns.EINVAL;
import static org.verbs4j.provider.mlx5.standin.StandIns.ENOSPC;
import static org.verbs4j.provider.mlx5.standin.StandIns.EOPNOTSUPP;
import static org.verbs4j.provider.mlx5.standin.StandIns.constant;
import static org.verbs4j.provider.mlx5.standin.StandIns.cq;
import static org.verbs4j.provider.mlx5.standin.StandIns.offset;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.mlx5.abi.Mlx5Symbols;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;

/** Claiming, opening, the clock, the port query, init_obj and the entry points of 54 and later. */
class StandInContextTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void onlyTheStandInDeviceIsClaimed(Release release, Mlx5StandIn standIn) {
        assertThat(standIn.isSupported(standIn.device())).isTrue();
        assertThat(standIn.isSupported(standIn.allocate(1024))).isFalse();
        assertThat(standIn.calls(Entry.IS_SUPPORTED)).isEqualTo(2);
        Mlx5StandIn.PointerResult other = standIn.callPointer("mlx5dv_open_device", standIn.allocate(1024),
                MemorySegment.NULL, MemorySegment.NULL);
        assertThat(other.failed()).isTrue();
        assertThat(other.errno()).isEqualTo(EOPNOTSUPP);
    }

    /** What the real libmlx5 gives on an rxe context (vendor-direct-verbs.md section 3.1, run on 56.1 and 65). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void aContextOfAnotherDeviceGetsWhatLibmlx5GivesOnRxe(Release release, Mlx5StandIn standIn) {
        MemorySegment rxe = standIn.allocate(1024);
        MemorySegment cqAttr = StandIns.cqAttr(standIn, 16, 0);
        MemorySegment qpAttr = StandIns.qpAttr(standIn, constant("IBV_QPT_RC"), cq(standIn), 0);

        Mlx5StandIn.PointerResult cq = standIn.callPointer("mlx5dv_create_cq", rxe, cqAttr, MemorySegment.NULL);
        Mlx5StandIn.PointerResult qp = standIn.callPointer("mlx5dv_create_qp", rxe, qpAttr, MemorySegment.NULL);
        int clock = standIn.callInt("mlx5dv_get_clock_info", rxe, standIn.allocate(64));

        assertThat(cq.failed()).isTrue();
        assertThat(cq.errno()).isEqualTo(EOPNOTSUPP);
        assertThat(qp.failed()).isTrue();
        assertThat(qp.errno()).isEqualTo(EOPNOTSUPP);
        assertThat(clock).isEqualTo(EOPNOTSUPP);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void initObjRecordsThatACqWasAskedFor(Release release, Mlx5StandIn standIn) {
        MemorySegment cq = cq(standIn);
        MemorySegment out = standIn.allocate(Mlx5Abi.struct("mlx5dv_cq").size(release.major()));
        MemorySegment obj = standIn.allocate(Mlx5Abi.struct("mlx5dv_obj").size(release.major()));
        obj.set(ADDRESS, offset("mlx5dv_obj", "cq.in"), cq);
        obj.set(ADDRESS, offset("mlx5dv_obj", "cq.out"), out);

        assertThat(standIn.initObj(obj, constant("MLX5DV_OBJ_CQ"))).isZero();
        assertThat(standIn.initObj(obj, 0)).as("no object, no context").isEqualTo(EINVAL);

        assertThat(standIn.initObjTypes()).isEqualTo(constant("MLX5DV_OBJ_CQ"));
        assertThat(out.get(JAVA_INT, offset("mlx5dv_cq", "cqe_cnt"))).isEqualTo(32);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void theClockInfoAndThePortAreFilled(Release release, Mlx5StandIn standIn) {
        MemorySegment clock = standIn.allocate(Mlx5Abi.struct("mlx5dv_clock_info").size(release.major()));
        assertThat(standIn.callInt("mlx5dv_get_clock_info", standIn.context(), clock)).isZero();
        assertThat(clock.get(JAVA_LONG, offset("mlx5dv_clock_info", "last_cycles"))).isEqualTo(2000);
        assertThat(clock.get(JAVA_INT, offset("mlx5dv_clock_info", "shift"))).isEqualTo(10);

        long size = Mlx5Abi.struct("mlx5dv_port").size(release.major());
        MemorySegment port = standIn.allocate(size);
        assertThat(standIn.queryPort(standIn.context(), 1, port, size)).isZero();
        assertThat(port.get(JAVA_SHORT, offset("mlx5dv_port", "vport"))).isEqualTo((short) 1);
        assertThat(standIn.lastLength(Entry.QUERY_PORT)).isEqualTo(size);
        assertThat(standIn.queryPort(standIn.allocate(1024), 1, port, size)).isEqualTo(EOPNOTSUPP);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void theDmabufEntryPointsExistFrom54(Release release, Mlx5StandIn standIn) {
        boolean expected = Mlx5Symbols.REG_DMABUF_MR.existsIn(release.major());
        assertThat(standIn.exports(Mlx5Symbols.REG_DMABUF_MR.cName())).isEqualTo(expected);
        assertThat(standIn.exports(Mlx5Symbols.GET_DATA_DIRECT_SYSFS_PATH.cName())).isEqualTo(expected);
        if (expected) {
            MemorySegment path = standIn.allocate(128);
            assertThat(standIn.dataDirectSysfsPath(standIn.context(), path, 128)).isZero();
            assertThat(path.getString(0)).startsWith("/sys/");
            assertThat(standIn.dataDirectSysfsPath(standIn.context(), path, 5)).isEqualTo(ENOSPC);
            assertThat(standIn.lastLength(Entry.GET_DATA_DIRECT_SYSFS_PATH)).isEqualTo(5);
        }
    }
}
