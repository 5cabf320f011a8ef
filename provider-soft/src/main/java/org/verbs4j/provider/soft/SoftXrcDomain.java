package org.verbs4j.provider.soft;

import org.verbs4j.Context;
import org.verbs4j.XrcDomain;

/**
 * An XRC domain: it groups the XRC shared receive queues and the XRC_RECV queue pairs that deliver to them;
 * an XRC_RECV queue pair delivers only to an XRC SRQ of its own domain. Those objects keep it busy.
 */
final class SoftXrcDomain extends SoftObject implements XrcDomain {

    private final SoftContext context;

    SoftXrcDomain(SoftContext context) {
        super("ibv_close_xrcd", "XRC domain", context.device().name());
        context.retain("ibv_open_xrcd");
        this.context = context;
    }

    @Override
    public Context context() {
        return context;
    }

    SoftContext softContext() {
        return context;
    }

    @Override
    void destroy() {
        // Nothing to release: the queues of the domain are gone.
    }

    @Override
    void afterClose() {
        context.release();
    }
}
