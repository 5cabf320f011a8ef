package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerbsScopeTest {

    private final List<String> closed = new ArrayList<>();

    @Test
    void closesLastAddedFirst() {
        try (VerbsScope scope = new VerbsScope()) {
            scope.add(new Resource("context"));
            scope.add(new Resource("pd"));
            scope.add(new Resource("mr"));
        }
        assertThat(closed).containsExactly("mr", "pd", "context");
    }

    @Test
    void skipsWhatTheCallerClosedAlready() {
        try (VerbsScope scope = new VerbsScope()) {
            scope.add(new Resource("context"));
            scope.add(new Resource("pd")).close();
        }
        assertThat(closed).containsExactly("pd", "context");
    }

    @Test
    void closesTheRestAfterAFailureAndThrowsTheFirstWithTheOthersSuppressed() {
        VerbsScope scope = new VerbsScope();
        scope.add(new Resource("context"));
        scope.add(new Failing("pd"));
        scope.add(new Failing("cq"));
        assertThatThrownBy(scope::close).isInstanceOf(BusyException.class).hasMessageContaining("cq")
                .satisfies(e -> assertThat(e.getSuppressed()).singleElement().extracting(Throwable::getMessage)
                        .asString().contains("pd"));
        assertThat(closed).containsExactly("context");
    }

    @Test
    void isEmptyAfterClosing() {
        VerbsScope scope = new VerbsScope();
        scope.add(new Resource("context"));
        scope.close();
        scope.close();
        assertThat(closed).containsExactly("context");
    }

    private class Resource implements VerbsObject {
        private final String name;
        private boolean isClosed;

        Resource(String name) {
            this.name = name;
        }

        @Override
        public void close() {
            closed.add(name);
            isClosed = true;
        }

        @Override
        public boolean isClosed() {
            return isClosed;
        }
    }

    private final class Failing extends Resource {
        private final String name;

        Failing(String name) {
            super(name);
            this.name = name;
        }

        @Override
        public void close() {
            throw new BusyException("ibv_destroy_" + name, "still in use");
        }
    }
}
