package org.verbs4j.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Every test of the kit states its contract and where it comes from: a display name of the form
 * {@code "<source>: <contract>"}, for example {@code "ibv_create_cq_ex(3): ..."}, and every area is in the
 * whole kit.
 */
class DisplayNamesTest {

    private static final List<Class<?>> AREAS = List.of(DeviceAndContextVerification.class,
            MemoryVerification.class, CompletionQueueVerification.class, CompletionEventVerification.class,
            SendOperationsVerification.class, QpStateMachineVerification.class, SharedReceiveQueueVerification.class,
            TagMatchingVerification.class, ErrorCompletionVerification.class, ExtraCompletionFieldVerification.class,
            LifetimeVerification.class, XrcVerification.class, ReceiveScalingVerification.class,
            ConnectionManagementVerification.class, OnDemandAndDeviceMemoryVerification.class);

    @Test
    @DisplayName("every test method of every area has a display name '<source>: <contract>'")
    void everyTestNamesItsSource() {
        List<Method> tests = AREAS.stream().flatMap(DisplayNamesTest::testMethods).toList();
        assertThat(tests).hasSizeGreaterThan(100);
        assertThat(tests).allSatisfy(test -> assertThat(test.getAnnotation(DisplayName.class))
                .as("@DisplayName of %s.%s", test.getDeclaringClass().getName(), test.getName()).isNotNull()
                .extracting(DisplayName::value).asString().matches("[^:]+: .{10,}"));
    }

    @Test
    @DisplayName("every area has a @TckArea name and a nested group in VerbsTck")
    void everyAreaIsInTheKit() {
        List<Class<?>> kitAreas = Stream.of(VerbsTck.class.getDeclaredClasses())
                .filter(type -> type.isAnnotationPresent(Nested.class)).<Class<?>>map(Class::getSuperclass).toList();
        assertThat(kitAreas).containsExactlyInAnyOrderElementsOf(AREAS);
        assertThat(AREAS).allSatisfy(area -> assertThat(area.getAnnotation(TckArea.class)).isNotNull());
    }

    private static Stream<Method> testMethods(Class<?> type) {
        List<Method> found = new ArrayList<>();
        for (Method method : type.getDeclaredMethods()) {
            if (method.isAnnotationPresent(Test.class)) {
                found.add(method);
            }
        }
        return Stream.concat(found.stream(), Stream.of(type.getDeclaredClasses())
                .filter(nested -> nested.isAnnotationPresent(Nested.class)).flatMap(DisplayNamesTest::testMethods));
    }
}
