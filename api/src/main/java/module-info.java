/**
 * The vendor-neutral Verbs4J API: devices, contexts and every verbs object of rdma-core's modern
 * verbs, as Java interfaces and values. It depends on {@code java.base} only.
 *
 * @uses org.verbs4j.DeviceCatalog
 */
module org.verbs4j.api {
    exports org.verbs4j;
    exports org.verbs4j.cm;

    uses org.verbs4j.DeviceCatalog;
}
