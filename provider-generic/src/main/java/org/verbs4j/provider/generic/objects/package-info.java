/**
 * The verbs objects of the generic provider: the {@code Native*} implementations of the api's interfaces
 * ({@code NativeContext}, {@code NativeCompletionQueue}, {@code NativeQueuePair}, ...), their lifetimes, and
 * the posters and queries they use. Not exported.
 *
 * <h2>Lifetime</h2>
 * Every object extends {@code NativeResource}: it owns its C handle and an arena for its Java-side native
 * memory, and counts the objects created from it or using it ({@code NativeLifetime}); {@code close} destroys
 * the C object exactly once and fails with EBUSY while such objects live, as rdma-core does. A Cleaner
 * destroys objects that become unreachable without being closed, children before parents: a safety net,
 * never the normal path. Every verb of a closed object throws {@code ClosedObjectException}.
 *
 * <h2>Where the vendors come in</h2>
 * The objects call libibverbs through the raw floor, except at the four points of
 * {@link org.verbs4j.provider.generic.vendor.DirectVerbs}: a context opens, learns what the vendor adds, and
 * creates its completion queues and queue pairs through its provider's hooks, whose defaults are the generic
 * path. What a hook returns is owned and checked here: the poll iterator and the readers of requested
 * fields must be there, and {@code unwrap} returns the vendor's view before the object itself. The hooks run
 * at creation only; posting and polling call the objects' function pointers through the raw floor's
 * {@code static final} critical invokers, vendor readers included, and allocate nothing.
 */
package org.verbs4j.provider.generic.objects;
