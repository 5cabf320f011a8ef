package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each mask bit names exactly the QpAttributes setters that set it. */
class QpAttrMaskSettersTest {

    @ParameterizedTest
    @EnumSource(QpAttrMask.class)
    void eachNamedSetterSetsTheBit(QpAttrMask bit) throws ReflectiveOperationException {
        assertThat(bit.setters()).isNotEmpty();
        for (String setter : bit.setters()) {
            assertThat(maskAfter(setter)).as(setter).isEqualTo(EnumSet.of(bit));
        }
    }

    @ParameterizedTest
    @EnumSource(QpAttrMask.class)
    void noOtherSetterSetsTheBit(QpAttrMask bit) throws ReflectiveOperationException {
        for (Method setter : setters()) {
            if (!bit.setters().contains(setter.getName())) {
                assertThat(maskAfter(setter.getName())).as(setter.getName()).doesNotContain(bit);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = QpAttrMask.class, names = {"AV", "ALT_PATH"})
    void describesTheCNameAndTheSetters(QpAttrMask bit) {
        assertThat(bit.describe()).isEqualTo(bit == QpAttrMask.AV ? "AV (ahAttr)"
                : "ALT_PATH (altAhAttr, altPkeyIndex, altPortNum, altTimeout)");
    }

    private static Method[] setters() {
        return Arrays.stream(QpAttributes.class.getMethods())
                .filter(method -> method.getReturnType() == QpAttributes.class && method.getParameterCount() == 1)
                .toArray(Method[]::new);
    }

    private static Set<QpAttrMask> maskAfter(String setter) throws ReflectiveOperationException {
        Method method = Arrays.stream(setters()).filter(each -> each.getName().equals(setter)).findFirst()
                .orElseThrow(() -> new AssertionError("QpAttributes has no setter " + setter));
        QpAttributes attributes = new QpAttributes();
        method.invoke(attributes, sample(method.getParameterTypes()[0]));
        return attributes.mask();
    }

    private static Object sample(Class<?> type) {
        if (type == int.class) {
            return 1;
        }
        if (type == boolean.class) {
            return true;
        }
        if (type == QpState.class) {
            return QpState.INIT;
        }
        if (type == Mtu.class) {
            return Mtu.MTU_1024;
        }
        if (type == MigrationState.class) {
            return MigrationState.values()[0];
        }
        if (type == Set.class) {
            return Set.of(AccessFlag.REMOTE_WRITE);
        }
        if (type == QpCapabilities.class) {
            return QpCapabilities.builder().build();
        }
        return AhAttributes.local(1, 1);
    }
}
