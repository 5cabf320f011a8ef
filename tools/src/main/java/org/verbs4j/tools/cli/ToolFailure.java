package org.verbs4j.tools.cli;

/** A run stopped for a reason its message gives in the user's terms: a failed completion, settings that cannot work. */
public abstract class ToolFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what failed */
    protected ToolFailure(String message) {
        super(message);
    }
}
