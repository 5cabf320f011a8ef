package org.verbs4j.tck;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

/**
 * Stops a class of the kit before any test runs when the provider has no device: the class is reported
 * aborted once, with the reason, instead of every test being skipped one by one. The nested classes of
 * an aborted class do not run at all.
 */
public final class DeviceGate implements BeforeAllCallback {

    /** Creates the extension; JUnit does. */
    public DeviceGate() {
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (!(context.getTestInstance().orElse(null) instanceof ProviderUnderTest subject)) {
            return;
        }
        DeviceSelection selection = subject.deviceSelection();
        if (selection.device().isEmpty()) {
            TckSummaryExtension.summary(context).noDevice(selection.reason());
            throw new TestAbortedException("no device: " + selection.reason());
        }
    }
}
