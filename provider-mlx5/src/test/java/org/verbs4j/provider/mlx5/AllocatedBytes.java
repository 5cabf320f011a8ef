package org.verbs4j.provider.mlx5;

/** What the current thread has allocated on the heap, for the tests that a data path allocates nothing. */
final class AllocatedBytes {

    private AllocatedBytes() {
    }

    /**
     * @return {@code com.sun.management.ThreadMXBean.getCurrentThreadAllocatedBytes()}, reached reflectively
     *     (the tests run patched into the provider's module, which does not read jdk.management)
     */
    static long ofCurrentThread() throws ReflectiveOperationException {
        Object bean = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                .invoke(null);
        return (long) Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes")
                .invoke(bean);
    }
}
