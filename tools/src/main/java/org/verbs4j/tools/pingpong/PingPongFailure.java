package org.verbs4j.tools.pingpong;

import org.verbs4j.tools.cli.ToolFailure;

/** The ping-pong stopped: a completion failed or the run cannot go on; the message says it as the C tool would. */
final class PingPongFailure extends ToolFailure {

    private static final long serialVersionUID = 1L;

    PingPongFailure(String message) {
        super(message);
    }
}
