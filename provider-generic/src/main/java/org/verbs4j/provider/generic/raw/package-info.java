/**
 * The raw floor of the generic provider: libibverbs as the Foreign Function and Memory API sees it, and
 * nothing above it.
 *
 * <h2>What lives here</h2>
 * The library and its exported symbols ({@link org.verbs4j.provider.generic.raw.NativeLibrary},
 * {@link org.verbs4j.provider.generic.raw.Ibverbs}, {@link org.verbs4j.provider.generic.raw.Symbol}); the
 * struct layouts of the loaded release ({@link org.verbs4j.provider.generic.raw.Abi}) and the writers and
 * readers of the structs the verbs take ({@code CqAttrs}, {@code QpAttrs}, {@code AhAttrs}, {@code RssConf});
 * the downcall handles of function pointers ({@link org.verbs4j.provider.generic.raw.FunctionPointers}), errno
 * capture and the errno-to-exception rules ({@link org.verbs4j.provider.generic.raw.Native}); the
 * {@code verbs_context} op distances; the device list and the sysfs tree libibverbs reads
 * ({@link org.verbs4j.provider.generic.raw.Sysfs}, which honours {@code SYSFS_PATH}).
 *
 * <h2>Rules</h2>
 * Classes here import only the JDK, the api and each other: no verbs object, lifetime or vendor hook
 * (checked by the build's architecture rules). They hold no state beyond the loaded library and its handles,
 * which live as long as the JVM. The data path's handles are {@code static final} critical invokers that
 * take the function pointer as an argument ({@code FunctionPointers.criticalInvoker}), so that the JIT
 * inlines the downcall; building a handle happens once, never on the data path.
 *
 * <p>The package is exported only to the vendor providers ({@code org.verbs4j.provider.efa},
 * {@code org.verbs4j.provider.mlx5}), which bind their own libraries with it. It is not an api: it changes
 * with rdma-core's structs.
 */
package org.verbs4j.provider.generic.raw;
