package org.verbs4j.tools.perf;

import org.verbs4j.tools.cli.ToolFailure;

/** The perf run stopped: a completion failed or the settings cannot work; the message says which. */
final class PerfFailure extends ToolFailure {

    private static final long serialVersionUID = 1L;

    PerfFailure(String message) {
        super(message);
    }
}
