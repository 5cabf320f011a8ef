package org.verbs4j.provider.generic.abi;

/**
 * One number the binding assumes and gcc can confirm: a size, an offset, a distance or a constant.
 *
 * @param key what it is, for example {@code "offsetof ibv_cq_ex.wr_id"}
 * @param cExpression the C expression gcc evaluates
 * @param expected the binding's value
 * @param since the rdma-core release that introduced it, 0 if it is in every supported release
 */
public record ProbeEntry(String key, String cExpression, long expected, int since) {
}
