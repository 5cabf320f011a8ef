package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.verbs4j.AccessFlag;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Destination;
import org.verbs4j.Gid;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;

/** Each transition of the api's connect recipe passes the kernel's table of required and allowed attributes. */
class ConnectRecipeRulesTest {

    private static final ConnectRecipe RECIPE = ConnectRecipe.pingPong(1, Mtu.MTU_1024, 0, 0)
            .withAccess(EnumSet.of(AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ));
    private static final Destination PEER = new Destination(0, 0x12, 0x34, Gid.parse("fe80::1"));

    @ParameterizedTest
    @EnumSource(value = QpType.class, names = {"RC", "UC", "UD", "XRC_SEND", "XRC_RECV"})
    void everyTransitionIsAllowedWithExactlyTheRequiredAttributes(QpType type) {
        assertThat(check(type, QpState.RESET, RECIPE.initAttributes(type))).isNull();
        assertThat(check(type, QpState.INIT, RECIPE.rtrAttributes(type, PEER, 4))).isNull();
        assertThat(check(type, QpState.RTR, RECIPE.rtsAttributes(type, 0x56, 4))).isNull();
    }

    private static String check(QpType type, QpState from, QpAttributes attributes) {
        return QpTransitionRules.check(type, from, attributes.mask(), attributes.qpState());
    }
}
