package org.verbs4j.provider.generic.device;

import java.lang.foreign.Arena;
import org.verbs4j.Context;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The fixture of the device tests: each test gets a context open on the {@link RealDevice} and a shared
 * arena for its buffers, both closed after it (the context only if the test left it open).
 */
abstract class OpenDeviceTest {

    protected Context context;
    protected Arena arena;

    @BeforeEach
    void open() {
        context = RealDevice.require().open();
        arena = Arena.ofShared();
    }

    @AfterEach
    void close() {
        if (context != null && !context.isClosed()) {
            context.close();
        }
        if (arena != null) {
            arena.close();
        }
    }
}
