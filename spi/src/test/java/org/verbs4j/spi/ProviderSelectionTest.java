package org.verbs4j.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ProviderSelection reads verbs4j.providers and VERBS4J_PROVIDERS")
class ProviderSelectionTest {

    private static final Map<String, String> ENV_SOFT = Map.of(ProviderSelection.ENVIRONMENT_VARIABLE, "soft");

    @Test
    @DisplayName("the list is split on commas, spaces are stripped, empty entries and repeats dropped")
    void parsesTheList() {
        assertThat(ProviderSelection.parse(" mlx5, ,generic ,,soft,  generic ,"))
                .containsExactly("mlx5", "generic", "soft");
    }

    @Test
    @DisplayName("an unset, empty or comma-only value names no provider")
    void parsesNothing() {
        assertThat(ProviderSelection.parse(null)).isEmpty();
        assertThat(ProviderSelection.parse("")).isEmpty();
        assertThat(ProviderSelection.parse(" , ,")).isEmpty();
    }

    @Test
    @DisplayName("the system property wins over the environment variable")
    void propertyBeatsEnvironment() {
        ProviderSelection selection = ProviderSelection.from("generic, mlx5", ENV_SOFT);

        assertThat(selection.providerIds()).containsExactly("generic", "mlx5");
        assertThat(selection.source()).isEqualTo("verbs4j.providers");
        assertThat(selection.describe()).isEqualTo("verbs4j.providers=generic,mlx5");
    }

    @Test
    @DisplayName("the environment variable applies when the property is not set")
    void environmentWhenNoProperty() {
        ProviderSelection selection = ProviderSelection.from(null, ENV_SOFT);

        assertThat(selection.providerIds()).containsExactly("soft");
        assertThat(selection.describe()).isEqualTo("VERBS4J_PROVIDERS=soft");
    }

    @Test
    @DisplayName("a property that names no provider counts as not set")
    void blankPropertyFallsBackToEnvironment() {
        assertThat(ProviderSelection.from(" , ", ENV_SOFT).providerIds()).containsExactly("soft");
    }

    @Test
    @DisplayName("with neither set, the default order applies")
    void defaults() {
        ProviderSelection selection = ProviderSelection.from(null, Map.of());

        assertThat(selection).isEqualTo(ProviderSelection.defaults());
        assertThat(selection.explicit()).isFalse();
        assertThat(ProviderSelection.from("soft", Map.of()).explicit()).isTrue();
    }

    @Test
    @DisplayName("the list is copied and cannot be changed")
    void copiesTheList() {
        List<String> ids = new ArrayList<>(List.of("soft"));
        ProviderSelection selection = new ProviderSelection(ids, "test");
        ids.add("generic");

        assertThat(selection.providerIds()).containsExactly("soft");
        assertThatThrownBy(() -> selection.providerIds().add("x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    @DisplayName("a list built in code drops repeats too")
    void constructorDropsRepeats() {
        assertThat(new ProviderSelection(List.of("soft", "generic", "soft"), "test").providerIds())
                .containsExactly("soft", "generic");
    }
}
