package org.verbs4j.tck;

import java.io.Serial;
import org.opentest4j.TestAbortedException;
import org.verbs4j.Capability;

/**
 * Aborts a test because the device does not support what it checks, after the kit verified that the
 * provider says so clearly: the capability is off and creating the object fails with
 * {@link org.verbs4j.UnsupportedVerbException}. The summary reports it as "unsupported" with the reason,
 * never as passed.
 */
public final class UnsupportedFeatureException extends TestAbortedException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final transient Capability capability;

    /**
     * @param capability the capability the device lacks
     * @param reason what the provider said when asked to create the object anyway
     */
    public UnsupportedFeatureException(Capability capability, String reason) {
        super(capability + " (" + reason + ")");
        this.capability = capability;
    }

    /**
     * For a feature of the provider rather than of the device, such as connection management.
     *
     * @param feature what the provider lacks, for example {@code "connection management"}
     * @param reason what the provider said when asked for it
     */
    public UnsupportedFeatureException(String feature, String reason) {
        super(feature + " (" + reason + ")");
        this.capability = null;
    }

    /** @return the capability the device lacks, or {@code null} for a feature of the provider */
    public Capability capability() {
        return capability;
    }
}
